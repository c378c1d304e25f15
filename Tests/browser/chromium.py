"""Starts headless Chromium through chromedriver for the browser tests.

A start can fail on a loaded machine ("session not created: chrome not reachable": the browser did
not open its DevTools port in time); that is the machine, not the page under test, so a failed start
is tried again, twice at most. Anything else fails at once.
"""
from selenium import webdriver
from selenium.common.exceptions import SessionNotCreatedException
from selenium.webdriver.chrome.service import Service


def start(options):
    for attempt in range(3):
        try:
            return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        except SessionNotCreatedException:
            if attempt == 2:
                raise
