-- wrk script: POST the urlencoded form in WRK_BODY, as the Android SDK sends every call (the
-- credentials among the fields).
wrk.method = "POST"
wrk.body = os.getenv("WRK_BODY")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
