-- wrk script: POSTs to /mcp, each connection sending the next JSON-RPC
-- message of a list (one per line in the file named after `--`), round
-- robin; the request headers are wrk's own (-H). With a second argument N,
-- the thread stops after N answers, as bench/paths.lua does. done() prints
-- one line `wrk-result {json}`.

local bodies = {}
local next_body = 1
local limit = nil
answers = 0
non2xx = 0

function init(args)
  for line in io.lines(args[1]) do
    bodies[#bodies + 1] = line
  end
  if args[2] then
    limit = tonumber(args[2])
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
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format("POST", "/mcp", nil, body)
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
