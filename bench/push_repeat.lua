-- wrk script: the same push token registered again, as the SDKs do at every app start (urlencoded).
wrk.method = "POST"
wrk.body = "token=740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
