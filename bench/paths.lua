-- wrk script: each connection of the thread takes the next request of a list
-- (one per line in the file named after `--`), round robin. The second
-- argument says what a line is: `paths`, a target to GET, or `mcp`, a
-- JSON-RPC message to POST to /mcp (with wrk's own headers, -H). With a third
-- argument N, the thread stops after N answers (a bounded amount of work
-- rather than a duration): it then prints `wrk-amount-reached`, on which the
-- caller interrupts wrk, since wrk itself waits out its whole duration.
-- done() prints one line `wrk-result {json}`.

local requests = {}
local next_request = 1
local limit = nil
answers = 0
non2xx = 0

function init(args)
  for line in io.lines(args[1]) do
    if args[2] == "mcp" then
      requests[#requests + 1] = wrk.format("POST", "/mcp", nil, line)
    else
      requests[#requests + 1] = wrk.format(nil, line)
    end
  end
  if args[3] then
    limit = tonumber(args[3])
    -- Only a bounded run needs to see each answer: parsing them costs wrk time.
    response = function(status)
      answers = answers + 1
      if status < 200 or status > 299 then non2xx = non2xx + 1 end
      if answers == limit then
        io.write("wrk-amount-reached\n")
        io.flush()
        wrk.thread:stop()
      end
    end
  end
end

function request()
  local request = requests[next_request]
  next_request = next_request % #requests + 1
  return request
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency)
  local counted = 0
  for _, thread in ipairs(threads) do counted = counted + (thread:get("non2xx") or 0) end
  local e = summary.errors
  io.write(string.format(
    'wrk-result {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"timeouts":%d,"status4xx5xx":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write, e.timeout, e.status, counted))
end
