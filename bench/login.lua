-- wrk script: POST a urlencoded login, as the Android SDK does.
wrk.method = "POST"
wrk.body = "username=bench&password=benchmark-password"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
