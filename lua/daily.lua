-- daily.lua: a subject's allowed and denied checks per UTC day and the units the allowed ones consumed, as check.lua
-- and record.lua count them (the days' layout is in days.lua).
--
-- KEYS[1]  rl:{<subject>}; check.lua adds each allowed check to its day as it allows it, but counters an earlier
--          check.lua left may still hold the last minute's allowed checks, fields mi and ma (see check.lua): they
--          count in that minute's day (left before units were kept: each counts one unit)
-- ARGV[1]  how many days back, today included (1 to 400)
-- ARGV[2]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- ARGV[3]  "" (or absent): the subject's days, every check; "<resource>/": the checks that named that resource;
--          "*": every limit set's: the subject's own, then each resource's with any check or units in these days
-- Returns  { first day (days since the epoch), then allowed, denied, units for each day, oldest first }; for "*",
--          { first day, then for each set its resource ("" for the subject's own, always first; then by name) and
--          its allowed, denied, units for each day }

local DAY = 86400000
local DAYS_PER_HASH = 64
local now = (function()
-- @clock
end)()(ARGV[2])

local last = math.floor(now / DAY)
local first = last - tonumber(ARGV[1]) + 1
local out = { first }
local every = ARGV[3] == '*'
local part = ARGV[3] and ARGV[3] ~= '' and not every and ('/' .. ARGV[3]) or ''
local pending = redis.call('HMGET', KEYS[1], 'mi', 'ma')
local pendingDay, pendingAllowed = nil, tonumber(pending[2]) or 0
-- Anonymous subjects keep no days (days.lua), so their pending minute counts in none either; nor a resource's, which
-- an earlier check.lua did not keep.
if tonumber(pending[1]) and string.sub(KEYS[1], 1, 7) ~= 'rl:{ip:' and part == '' then
  pendingDay = math.floor(tonumber(pending[1]) / 1440)
end
if every then
  -- Each field of the blocks read, by set: "<day % 64>a" (the subject's own), "<day % 64>/<resource>/a" (days.lua).
  local sets, names = { [''] = {} }, {}
  for b = math.floor(first / DAYS_PER_HASH), math.floor(last / DAYS_PER_HASH) do
    local flat = redis.call('HGETALL', KEYS[1] .. ':d:' .. b)
    for i = 1, #flat, 2 do
      local d, resource, suffix = string.match(flat[i], '^(%d+)/(.+)/([adx])$')
      if not d then
        resource = ''
        d, suffix = string.match(flat[i], '^(%d+)([adx])$')
      end
      local day = d and b * DAYS_PER_HASH + tonumber(d)
      if day and day >= first and day <= last then
        local set = sets[resource]
        if not set then
          set = {}
          sets[resource] = set
          names[#names + 1] = resource
        end
        set[day .. suffix] = (set[day .. suffix] or 0) + tonumber(flat[i + 1])
      end
    end
  end
  table.sort(names)
  table.insert(names, 1, '')
  for _, name in ipairs(names) do
    local set, row, any = sets[name], { name }, name == ''
    for day = first, last do
      local allowed = set[day .. 'a'] or 0
      local units = allowed + (set[day .. 'x'] or 0)
      if name == '' and day == pendingDay then allowed, units = allowed + pendingAllowed, units + pendingAllowed end
      local denied = set[day .. 'd'] or 0
      row[#row + 1], row[#row + 2], row[#row + 3] = allowed, denied, math.max(0, units)
      any = any or allowed + denied + math.max(0, units) > 0
    end
    -- A resource whose days hold nothing (a refund took its units back, a check of nothing) has no set here.
    if any then
      for i = 1, #row do out[#out + 1] = row[i] end
    end
  end
  return out
end

local block, counts = -1, {}
for day = first, last do
  local b = math.floor(day / DAYS_PER_HASH)
  if b ~= block then
    block = b
    counts = {}
    local flat = redis.call('HGETALL', KEYS[1] .. ':d:' .. b)
    for i = 1, #flat, 2 do counts[flat[i]] = tonumber(flat[i + 1]) end
  end
  local d = (day % DAYS_PER_HASH) .. part
  local allowed = counts[d .. 'a'] or 0
  local units = allowed + (counts[d .. 'x'] or 0)
  if day == pendingDay then allowed, units = allowed + pendingAllowed, units + pendingAllowed end
  out[#out + 1] = allowed
  out[#out + 1] = counts[d .. 'd'] or 0
  -- Refunds taken more than the day's checks (days.lua): none.
  out[#out + 1] = math.max(0, units)
end
return out
