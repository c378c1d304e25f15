#!/usr/bin/env python3
"""Opens a page of the server in headless Chromium (a phone-sized window) and prints what it shows,
as JSON: {"heading", "title", "lang", "scripts", "meta": {property or name: content}, "body",
"console_errors": [...], "width_fits"}.

Usage: read_page.py URL
Run by the Swift test suite (ArticlePageTests) with Debian's chromium, chromium-driver and python3-selenium.
"""
import json
import sys

import chromium
from selenium import webdriver
from selenium.webdriver.common.by import By


def main():
    url = sys.argv[1]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = chromium.start(options)
    try:
        driver.set_page_load_timeout(20)
        driver.get(url)
        meta = {}
        for element in driver.find_elements(By.TAG_NAME, "meta"):
            key = element.get_attribute("property") or element.get_attribute("name")
            if key:
                meta[key] = element.get_attribute("content")
        body = driver.find_elements(By.ID, "body")
        print(json.dumps({
            "heading": driver.find_element(By.TAG_NAME, "h1").text,
            "title": driver.title,
            "lang": driver.execute_script("return document.documentElement.lang"),
            "scripts": driver.execute_script("return document.scripts.length"),
            "meta": meta,
            "body": body[0].get_attribute("innerHTML") if body else None,
            "console_errors": [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"],
            "width_fits": driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"),
        }))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
