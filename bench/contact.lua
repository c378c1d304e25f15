-- wrk script: an anonymous contact message, as the iOS SDK's misc/contact_us sends it (urlencoded here).
wrk.method = "POST"
wrk.body = "title=Soak&email=soak%40example.com&post=A+message+from+the+soak+test."
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
