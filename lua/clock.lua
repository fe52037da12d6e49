-- clock.lua: the store's clock in ms. Not a script of its own: its text is put into the scripts that read the time
-- where they say `-- @clock` (scripts.ts), so that they all read it one way.
-- `fixed`: "" for Redis TIME; else a fixed time in ms (tests only, to stand at exact instants).
return function(fixed)
  if fixed ~= '' then return tonumber(fixed) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
