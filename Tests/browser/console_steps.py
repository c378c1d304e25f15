#!/usr/bin/env python3
"""Walks through the web console in headless Chromium, step by step, as a person would, and prints
what it saw as JSON: {"texts": {key: text}, "html": {key: innerHTML}, "axe": {key: [violations]},
"console_errors": [...], "url": final URL}.

Usage: console_steps.py < plan.json, where the plan is
  {"base": "http://localhost:PORT", "width": 390, "height": 844, "axe": "/path/to/axe.min.js" or null,
   "screenshots": "/folder" or null, "steps": [STEP, ...]}
and each STEP is one of
  {"open": "/admin/sign-in"}                 open a path and wait for it to load
  {"type": {"id": "text", ...}}              clear the fields and type into them
  {"insert": {"into": "id", "at": 11, "text": "..."}}
                                             type into a field with the caret at that UTF-16 offset
  {"choose": {"id": "option's text", ...}}    choose an option of each select
  {"tab_to": "id"}                           press Tab until the element has the focus (the keyboard's way)
  {"press": "enter"}                         press a key on the focused element and wait for a new page
  {"click": "id"}                            click a button or link and wait for a new page
  {"click_stay": "id"}                       click without a new page (a script answers)
  {"paste": {"into": "id", "path": "file", "type": "image/jpeg", "name": "x.jpg"}}
                                             paste a file at the end of a text field, as from the clipboard
  {"drag": {"from": "css", "to": "css"}}     drag an element with the mouse onto another
  {"files": {"id": "id", "paths": [...]}}   choose files in a file input
  {"value": "id", "as": "key"}               record a field's value
  {"measure": "key"}                         record the page's width and the window's ("2416 1280")
  {"url": "key"}                             record the address the window shows
  {"script": "js", "as": "key"}              record what a script returns, as text
  {"touch": "path"}                          create a file: the test learns the walk got here
  {"wait_file": "path"}                      wait until the test creates a file
  {"wait": "css selector"}                   wait until an element matches
  {"text": "id", "as": "key"}                record an element's text (absent: null)
  {"frame_text": "frame id", "of": "id", "as": "key"}
                                             wait for an element in a frame's page, record its text
  {"html": "id", "as": "key"}                record an element's innerHTML
  {"heading": "key"}                         record the page's h1
  {"axe": "key"}                             run axe-core; record its serious and critical violations
  {"screenshot": "name", "at": "id"}         save NAME.png in the screenshots folder, the page scrolled
                                             to the element (to its top without "at")
  {"kill": true}                             kill the tab as a crash does (no unload, no beacon); the
                                             walk ends there
Run by the Swift test suite (ConsoleBrowserTests) with Debian's chromium, chromium-driver and python3-selenium.
"""
import base64
import json
import os
import sys

import chromium
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


# Puts a file on a clipboard of its own and pastes it into a text field, the cursor at its end.
PASTE = """
const [id, encoded, type, name] = arguments;
const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
const data = new DataTransfer();
data.items.add(new File([bytes], name, {type: type}));
const field = document.getElementById(id);
field.focus();
field.setSelectionRange(field.value.length, field.value.length);
field.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
"""


def new_page(driver, action):
    """Runs `action`, then waits for a new, fully loaded document."""
    driver.execute_script("window.beforeAction = true")
    action()
    WebDriverWait(driver, 20, ignored_exceptions=(WebDriverException,)).until(
        lambda page: page.execute_script("return window.beforeAction === undefined && document.readyState === 'complete'")
    )


def run_axe(driver, script):
    driver.execute_script(script)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations)).catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )
    return [
        {"id": v["id"], "impact": v.get("impact"), "help": v.get("help"), "nodes": [n.get("target") for n in v.get("nodes", [])][:5]}
        for v in result if v.get("impact") in ("serious", "critical")
    ]


def main():
    plan = json.load(sys.stdin)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    size = "--window-size=%d,%d" % (plan.get("width", 390), plan.get("height", 844))
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", size):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    axe_script = open(plan["axe"]).read() if plan.get("axe") else None
    driver = chromium.start(options)
    # Headless Chromium's windows are at least 500 px wide: a phone's 320 px is the device's metrics,
    # as DevTools' device mode sets them (a window narrower than that would hide what overflows it).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": plan.get("width", 390), "height": plan.get("height", 844), "deviceScaleFactor": 1,
        "mobile": plan.get("width", 390) < 600,
    })
    seen = {"texts": {}, "html": {}, "axe": {}, "console_errors": []}
    try:
        driver.set_page_load_timeout(20)
        driver.set_script_timeout(30)
        for step in plan["steps"]:
            if "open" in step:
                driver.get(plan["base"] + step["open"])
            elif "type" in step:
                for element_id, text in step["type"].items():
                    field = driver.find_element(By.ID, element_id)
                    field.clear()
                    field.send_keys(text)
            elif "insert" in step:
                insert = step["insert"]
                driver.execute_script(
                    "const field = document.getElementById(arguments[0]); field.focus(); field.setSelectionRange(arguments[1], arguments[1]);",
                    insert["into"], insert["at"])
                driver.switch_to.active_element.send_keys(insert["text"])
            elif "choose" in step:
                for element_id, text in step["choose"].items():
                    Select(driver.find_element(By.ID, element_id)).select_by_visible_text(text)
            elif "tab_to" in step:
                for _ in range(80):
                    if driver.execute_script("return document.activeElement && document.activeElement.id") == step["tab_to"]:
                        break
                    driver.switch_to.active_element.send_keys(Keys.TAB)
                else:
                    raise SystemExit("the keyboard never reached #" + step["tab_to"])
            elif "press" in step:
                new_page(driver, lambda: driver.switch_to.active_element.send_keys(Keys.ENTER))
            elif "click" in step:
                new_page(driver, lambda: driver.find_element(By.ID, step["click"]).click())
            elif "click_stay" in step:
                driver.find_element(By.ID, step["click_stay"]).click()
            elif "paste" in step:
                paste = step["paste"]
                with open(paste["path"], "rb") as file:
                    encoded = base64.b64encode(file.read()).decode("ascii")
                driver.execute_script(PASTE, paste["into"], encoded, paste["type"], paste["name"])
            elif "drag" in step:
                source = driver.find_element(By.CSS_SELECTOR, step["drag"]["from"])
                target = driver.find_element(By.CSS_SELECTOR, step["drag"]["to"])
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", source)
                distance = target.location["y"] + target.size["height"] * 3 // 4 - (source.location["y"] + source.size["height"] // 2)
                actions = ActionChains(driver)
                actions.click_and_hold(source).pause(0.2)
                for _ in range(5):
                    actions.move_by_offset(0, distance // 5).pause(0.1)
                actions.pause(0.3).release().perform()
            elif "files" in step:
                # Several files chosen at once in a file input (Selenium takes their paths one a line).
                driver.find_element(By.ID, step["files"]["id"]).send_keys("\n".join(step["files"]["paths"]))
            elif "value" in step:
                found = driver.find_elements(By.ID, step["value"])
                seen["texts"][step.get("as", step["value"])] = found[0].get_attribute("value") if found else None
            elif "script" in step:
                seen["texts"][step["as"]] = str(driver.execute_script(step["script"]))
            elif "touch" in step:
                # Tells the test the walk got here (it may then change the server's time).
                open(step["touch"], "w").close()
            elif "wait_file" in step:
                # Waits until the test says it is done with its part.
                WebDriverWait(driver, 60, poll_frequency=0.1).until(lambda page: os.path.exists(step["wait_file"]))
            elif "url" in step:
                seen["texts"][step["url"]] = driver.current_url
            elif "measure" in step:
                # How wide the page is against the window: wider means a reader scrolls sideways.
                seen["texts"][step["measure"]] = driver.execute_script(
                    "return document.documentElement.scrollWidth + ' ' + window.innerWidth")
            elif "wait" in step:
                WebDriverWait(driver, 20).until(lambda page: page.find_elements(By.CSS_SELECTOR, step["wait"]))
            elif "text" in step:
                found = driver.find_elements(By.ID, step["text"])
                seen["texts"][step.get("as", step["text"])] = found[0].text if found else None
            elif "frame_text" in step:
                driver.switch_to.frame(driver.find_element(By.ID, step["frame_text"]))
                try:
                    found = WebDriverWait(driver, 20).until(lambda page: page.find_elements(By.ID, step["of"]))
                    seen["texts"][step["as"]] = found[0].text
                finally:
                    driver.switch_to.default_content()
            elif "html" in step:
                found = driver.find_elements(By.ID, step["html"])
                seen["html"][step.get("as", step["html"])] = found[0].get_attribute("innerHTML") if found else None
            elif "heading" in step:
                found = driver.find_elements(By.TAG_NAME, "h1")
                seen["texts"][step["heading"]] = found[0].text if found else None
            elif "axe" in step:
                if axe_script:
                    seen["axe"][step["axe"]] = run_axe(driver, axe_script)
            elif "screenshot" in step:
                if plan.get("screenshots"):
                    driver.execute_script(
                        "const at = arguments[0] && document.getElementById(arguments[0]);"
                        "if (at) at.scrollIntoView({block: 'start'}); else window.scrollTo(0, 0);", step.get("at"))
                    driver.save_screenshot(os.path.join(plan["screenshots"], step["screenshot"] + ".png"))
            elif "kill" in step:
                seen["console_errors"] += [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
                try:
                    driver.execute_cdp_cmd("Page.crash", {})
                except WebDriverException:
                    pass  # The tab is gone before it could answer: as meant.
                seen["url"] = None
                break
            else:
                raise SystemExit("unknown step: " + json.dumps(step))
            seen["console_errors"] += [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        else:
            seen["url"] = driver.current_url
        print(json.dumps(seen))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
