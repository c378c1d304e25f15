"""Writes a Composr-shaped dump made by multiplying the fixture site's rows (bench/composr-import.sh).

Usage: make_dump.py FIXTURE.sql OUTPUT.sql MEMBERS ARTICLES TOKENS (the fixture uncompressed: composr-site.sql.gz)

The fixture's dump is copied as it is, and then, after each table's own rows, rows of its members
(cms_f_members), articles (cms_news) and push tokens (cms_device_token_details) are added as
extended inserts of 500 rows (mysqldump's default layout), copies of the fixture's own rows with new
IDs, unique names, addresses and tokens, so the import reads what a big site's dump holds.
"""
import re
import sys

fixture, output, members, articles, tokens = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
lines = open(fixture, encoding="utf-8").read().split("\n")
rows = {}
for line in lines:
    m = re.match(r"INSERT INTO `(cms_f_members|cms_news|cms_device_token_details)` VALUES \((.*)\);$", line)
    if m:
        rows.setdefault(m.group(1), []).append(m.group(2))

member = rows["cms_f_members"][3]  # alice: a bcrypt hash, a signature
article = rows["cms_news"][2]  # the Comcode release notes
token = rows["cms_device_token_details"][0]


def members_rows():
    for i in range(members):
        id = 1000 + i
        yield re.sub(r"^4,'alice'", f"{id},'member{id}'", member).replace("'alice@example.com'", f"'member{id}@example.com'")


def articles_rows():
    for i in range(articles):
        id = 1000 + i
        yield re.sub(r"^3,", f"{id},", article, count=1).replace("'Version 2.0 released'", f"'Version 2.0 released, take {id}'", 1)


def token_rows():
    for i in range(tokens):
        id = 1000 + i
        yield f"{id},'{'ios' if i % 2 else 'android'}','{i:064x}',{1000 + i % max(members, 1)}"


extra = {"cms_f_members": members_rows, "cms_news": articles_rows, "cms_device_token_details": token_rows}
with open(output, "w", encoding="utf-8") as out:
    for line in lines:
        out.write(line + "\n")
        m = re.match(r"UNLOCK TABLES;$", line)
        if m and current in extra:
            batch = []
            for row in extra.pop(current)():
                batch.append(f"({row})")
                if len(batch) == 500:
                    out.write(f"INSERT INTO `{current}` VALUES " + ",".join(batch) + ";\n")
                    batch = []
            if batch:
                out.write(f"INSERT INTO `{current}` VALUES " + ",".join(batch) + ";\n")
        t = re.match(r"LOCK TABLES `([a-z_]+)` WRITE;$", line)
        if t:
            current = t.group(1)
