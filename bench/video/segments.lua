-- wrk script: GET the paths listed in the file WRK_PATHS (one a line) in turn, as players fetching a
-- video's segments do.
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local next_path = 0
request = function()
    next_path = next_path % #paths + 1
    return wrk.format("GET", paths[next_path])
end
