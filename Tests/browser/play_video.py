#!/usr/bin/env python3
"""Opens an article's page in headless Chromium at a given window width and waits until its
`<video id="video">` has loaded enough to play (readyState >= 2, HAVE_CURRENT_DATA), as JSON:
{"ready_state", "current_src", "video_width", "video_height", "width_fits", "console_errors"}.
Gives up after 60 seconds and prints what it had.

Usage: play_video.py URL WIDTH
Run by the Swift test suite (ArticleVideoTests) with Debian's chromium, chromium-driver and python3-selenium.
"""
import json
import sys

import chromium
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait


def main():
    url, width = sys.argv[1], int(sys.argv[2])
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},900",
                     "--autoplay-policy=no-user-gesture-required"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = chromium.start(options)
    # Headless Chromium's windows are at least 500 px wide: a phone's 320 px is the device's metrics,
    # as DevTools' device mode sets them (and as console_steps.py does).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600,
    })
    try:
        driver.set_page_load_timeout(20)
        driver.get(url)
        try:
            WebDriverWait(driver, 60, poll_frequency=0.1).until(
                lambda d: d.execute_script("return document.getElementById('video').readyState") >= 2)
        except TimeoutException:
            pass
        video = driver.execute_script(
            "const v = document.getElementById('video');"
            "return [v.readyState, v.currentSrc, v.videoWidth, v.videoHeight, v.getBoundingClientRect().width]")
        print(json.dumps({
            "ready_state": video[0], "current_src": video[1], "video_width": video[2], "video_height": video[3],
            "shown_width": video[4],
            "width_fits": driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"),
            "console_errors": [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"],
        }))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
