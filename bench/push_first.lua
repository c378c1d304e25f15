-- wrk script: a push token never seen before on every request (a real write each time); the fields in
-- WRK_FORM (the Android SDK's credentials), when set, are sent after it.
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("thread_id", threads)
end

function init(args)
    counter = 0
    started = os.time()
end

function request()
    counter = counter + 1
    -- Shaped like an FCM token (32 to 512 of A-Z a-z 0-9 - _ :), as the server requires.
    local token = string.format("first-%d-%d-%010d:benchmarkRegistrationToken", started, thread_id, counter)
    local form = os.getenv("WRK_FORM")
    local body = "token=" .. token .. ((form and form ~= "") and ("&" .. form) or "")
    return wrk.format("POST", nil, {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
