-- wrk script: a push token never seen before on every request (a real write each time).
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
    return wrk.format("POST", nil, {["Content-Type"] = "application/x-www-form-urlencoded"}, "token=" .. token)
end
