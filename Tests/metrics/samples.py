"""Reads a Prometheus text exposition (the file named by the argument) with prometheus-client's parser (the reference parser a
scraper uses) and prints its samples as JSON: {"name{label=value,...}": value}, labels sorted.
A document the parser refuses exits non-zero with its error."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

samples = {}
with open(sys.argv[1], encoding="utf-8") as exposition:
    text = exposition.read()
for family in text_string_to_metric_families(text):
    for sample in family.samples:
        labels = ",".join(f"{key}={value}" for key, value in sorted(sample.labels.items()))
        samples[f"{sample.name}{{{labels}}}"] = sample.value
json.dump(samples, sys.stdout, sort_keys=True)
