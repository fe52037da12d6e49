// The Lua of lua/ as text on Cloudflare Workers, which read no files: wrangler bundles them as Text modules.
import check from "../../../../lua/check.lua";
import clock from "../../../../lua/clock.lua";
import daily from "../../../../lua/daily.lua";
import days from "../../../../lua/days.lua";
import history from "../../../../lua/history.lua";
import recordDenials from "../../../../lua/record-denials.lua";
import reset from "../../../../lua/reset.lua";

export const luaSources = { check, history, recordDenials, reset, daily, days, clock };
