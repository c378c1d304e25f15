#!/usr/bin/env python3
"""Opens a page of the server in headless Chromium, fills in fields, presses the submit button and
prints what the form page and the resulting page say, as JSON: {"form_title", "form_lang", "title",
"notice", "error", "lang", "url"}.

Usage: submit_form.py URL [FIELD_ID=VALUE ...]
With BROWSER_LANGUAGES set (e.g. "de-DE,de"), the browser asks for those languages (Accept-Language).
Run by the Swift test suite (BrowserFlowTests) with Debian's chromium, chromium-driver and python3-selenium.
"""
import json
import os
import sys

import chromium
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def text_of(driver, element_id):
    found = driver.find_elements(By.ID, element_id)
    return found[0].text if found else None


def main():
    url, assignments = sys.argv[1], sys.argv[2:]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(argument)
    languages = os.environ.get("BROWSER_LANGUAGES")
    if languages:
        options.add_argument("--lang=" + languages.split(",")[0])
        options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    driver = chromium.start(options)
    try:
        driver.set_page_load_timeout(20)
        driver.get(url)
        form_title = driver.find_element(By.TAG_NAME, "h1").text
        form_lang = driver.execute_script("return document.documentElement.lang")
        for assignment in assignments:
            field, value = assignment.split("=", 1)
            driver.find_element(By.ID, field).send_keys(value)
        # Mark the current document, then wait for a new, fully loaded one (the marker is gone). Errors
        # while the old document is torn down are expected and ignored.
        driver.execute_script("window.beforeSubmit = true")
        driver.find_element(By.ID, "submit").click()
        WebDriverWait(driver, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda page: page.execute_script("return window.beforeSubmit === undefined && document.readyState === 'complete'")
        )
        print(json.dumps({
            "form_title": form_title,
            "form_lang": form_lang,
            "lang": driver.execute_script("return document.documentElement.lang"),
            "title": driver.find_element(By.TAG_NAME, "h1").text,
            "notice": text_of(driver, "notice"),
            "error": text_of(driver, "error"),
            "url": driver.current_url,
        }))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
