// Generated from the service's /openapi.json by `npm run client:types` (api/client/generate-types.ts): do not
// edit. api-types.test.ts fails while it is behind the document.
export type paths = {
    "/v1/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check and count one request
         * @description For backend services: decides every limit of the caller at once and counts the request. 200 allowed, 429 denied (nothing consumed). Both carry X-RateLimit-* and IETF RateLimit/RateLimit-Policy headers; 429 also Retry-After. 503 store_unavailable when the counter store is down and the plan fails closed.
         */
        post: operations["check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's limits as they stand now
         * @description Every limit of the customer, shaped as in /v1/check. Reading usage consumes nothing. For services and admins.
         */
        get: operations["getCustomerUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's allowed and denied checks per minute
         * @description One point per minute, oldest first, up to 1440 minutes (24 hours) back. Admin only.
         */
        get: operations["getCustomerUsageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling customer's limits as they stand now
         * @description For a customer API key: its own customer's limits, shaped as in /v1/check. Reading usage consumes nothing.
         */
        get: operations["getMyUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling customer's allowed and denied checks per minute
         * @description For a customer API key: its own customer's checks, one point per minute, oldest first, up to 1440 minutes back.
         */
        get: operations["getMyUsageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/usage/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's allowed and denied checks per UTC day
         * @description One point per UTC day, oldest first, up to 400 days back: what a monthly bill is made from. Admin only.
         */
        get: operations["getCustomerUsageDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/usage/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling customer's allowed and denied checks per UTC day
         * @description For a customer API key: its own customer's checks, one point per UTC day, oldest first, up to 400 days back.
         */
        get: operations["getMyUsageDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every customer's usage now, searched and sorted
         * @description One read for a live view of all customers: each one's limits (as /v1/customers/{id}/usage), its checks allowed and denied in the last hour, the limits denying it now and those its overrides change; the most throttled customers; and the checks per minute of all of them added up. Reading it consumes nothing. Admin only.
         */
        get: operations["getLiveUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every customer's daily totals over a range of days, as CSV or JSON
         * @description For billing: one row per customer and UTC day from `from` to `to` (at most 400 days back), with the checks allowed and denied and the units consumed, the very numbers /v1/customers/{id}/usage/daily answers. Days on which a customer had no check are left out. Each day's rows come in order of limit set: the plan's own (resource empty), which counts every check, then each resource whose checks (those that named it) the customer made in the range, in order of name, whether or not its plan names the resource now, each counting the checks that named it. Streamed as it is read, customers newest first; CSV with a header line (customerId,planId,day,resource,allowed,denied,units), or a JSON array. Should the store stop answering part way, the transfer is aborted (the client sees a failed download, not a shorter file). Admin only.
         */
        get: operations["exportUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling customer and its plan
         * @description For a customer API key: its own customer and plan. The plan's limits are those that apply to this customer, its overrides included.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear a customer's counters
         * @description Every limit of the customer starts afresh. The per-minute history of checks is kept. Audited as customer.reset.
         */
        post: operations["resetCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give back what a check took
         * @description For a request that was allowed and then failed downstream: gives `cost` back to every bucket and window the same check takes from (the plan's, and the resource's when it names one), in one atomic step, never beyond a limit's size. It does not change the history of checks.
         */
        post: operations["refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a lease
         * @description Ends a lease a check took (a request in flight is done), in one atomic step: its slot under the concurrent limit is free at once. A reservation released this way keeps its reserved cost. 404 not_found when the lease has ended already (released, settled, or past its expiresAt), or when no check answered this id.
         */
        post: operations["release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a reservation at its real cost
         * @description For a check made with reserve: sets the request's real cost (an LLM's tokens, say). The difference from what was reserved is given back to, or taken from, every bucket and window the check took from, in one atomic step, and the lease ends. A settle may take the customer past a limit: the work is done, so it is counted, and the next check is denied. The alert thresholds a greater cost reaches raise their usage.threshold events, as a check's do. The day's units count the settled cost. 409 conflict, changing nothing, when the reservation was settled already, has passed its expiresAt (it then keeps its reserved cost), was taken while the counter store was down, or no check answered this id.
         */
        post: operations["settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plans
         * @description Every plan, by id.
         */
        get: operations["listPlans"];
        put?: never;
        /**
         * Create a plan
         * @description At least one limit is set, burst needs perMinute, and longer periods allow no less than shorter ones (400 otherwise). 409 when the id is taken. The ETag carries the version, 1.
         */
        post: operations["createPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan
         * @description The plan, with its version as the ETag: send it back as If-Match when you change the plan.
         */
        get: operations["getPlan"];
        put?: never;
        post?: never;
        /**
         * Delete a plan
         * @description Refused with 409 while any customer is on the plan; the message names the first three customers on it, oldest first, and says when there are more. If-Match, when sent, must match the plan's version (412 otherwise).
         */
        delete: operations["deletePlan"];
        options?: never;
        head?: never;
        /**
         * Change a plan
         * @description Only the fields given change, and the result must obey the plan rules, as must the limits of every customer on it with its overrides (409 names a customer that would not). New limits apply from the next check, counted against what the current windows have used. Send If-Match with the ETag you read to be told (412) when someone else changed the plan meanwhile.
         */
        patch: operations["updatePlan"];
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers, a page at a time
         * @description One page of the customers, newest first (by createdAt, then id), with their plans and overrides; with q, only those it finds. For the next page send nextCursor back as cursor, with the same q. A page costs the same however many customers there are.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description The plan must exist and the overrides must obey the plan rules on it (400 otherwise). An id (cus_…) is made when you give none; 409 when the id is taken. Made with the id of a customer deleted before, it starts with every limit full. The ETag carries the version, 1.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a customer
         * @description The customer with its plan id and overrides, and its version as the ETag: send it back as If-Match when you change the customer.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        /**
         * Delete a customer and its API keys
         * @description Its API keys go with it, so they stop working too (each audited as key.revoke), and its counters are cleared: a customer made again with the id starts with every limit full. Its usage history goes too: one made again with the id starts with none. If-Match, when sent, must match the customer's version (412 otherwise); without it, 409 when the customer changed meanwhile: try again.
         */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        /**
         * Change a customer's name, plan or overrides
         * @description Only the fields given change. overrides replaces the customer's overrides as a whole (null removes them); the result must obey the plan rules on the customer's plan. New limits apply from the next check. Send If-Match with the ETag you read to be told (412) when someone else changed the customer meanwhile.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/customers/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer's API keys, without the secrets
         * @description Every key of the customer, oldest first, revoked ones included.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Make an API key for a customer
         * @description The response is the only time the key is shown; only its hash is kept. The customer's client presents it to your API, which passes it to /v1/check.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Stops working at once on this server, and within CONFIG_CACHE_TTL_MS on every other.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tokens, without the secrets
         * @description Every token made with POST /v1/tokens, oldest first, revoked ones included. ADMIN_TOKEN is not listed.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Make an admin or service token
         * @description The response is the only time the token is shown; only its hash is kept. A service token may check and read usage only.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token
         * @description Stops working at once on this server, and within CONFIG_CACHE_TTL_MS on every other.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints, without their secrets
         * @description Every registered endpoint, oldest first.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events are sent to the URL signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature). The response is the only time the signing secret is shown.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description It receives nothing more: its deliveries, pending ones included, are deleted with it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description Adds a webhook.test event for this endpoint only, delivered (and retried) as any other; follow it in the endpoint's deliveries.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook endpoint's deliveries, newest first
         * @description Each event sent to the endpoint, with how its delivery stands.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Makes the delivery pending and due now, delivered or failed as it may be; it is sent with the same webhook-id.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the audit log, newest first
         * @description Every change made through the API (plans, customers, keys, tokens, counter resets), newest first. Secrets never appear.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "usage.threshold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer's use reached an alert threshold
         * @description Sent by Bouncer to each endpoint that receives usage.threshold events, as application/json, signed as Standard Webhooks say.
         */
        post: operations["usage.threshold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event, asked for by an admin
         * @description Sent by Bouncer to each endpoint that receives webhook.test events, as application/json, signed as Standard Webhooks say.
         */
        post: operations["webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        /**
         * @description Raised once per customer, limit, window and threshold, in the check that reaches it.
         * @example {
         *       "type": "usage.threshold",
         *       "timestamp": "2026-11-30T10:41:07.000Z",
         *       "data": {
         *         "customerId": "cus_7YqK2mP9xW4tLb3n",
         *         "planId": "pro",
         *         "limit": "day",
         *         "threshold": 80,
         *         "used": 40000,
         *         "size": 50000,
         *         "windowStart": "2026-11-30T00:00:00Z",
         *         "windowEnd": "2026-12-01T00:00:00Z"
         *       }
         *     }
         */
        UsageThresholdEvent: {
            /**
             * Format: date-time
             * @description When the event was raised (ISO 8601, UTC).
             */
            timestamp: string;
            /**
             * @description A customer's use of a window limit reached a threshold.
             * @enum {string}
             */
            type: "usage.threshold";
            /** @description The customer, the limit and its window, and the use that reached the threshold. */
            data: {
                /** @description The customer whose use reached it. */
                customerId: string;
                /** @description The customer's plan when it did. */
                planId: string;
                /** @description The window limit, named as in the check's `limits` (hour, day, week, month, or resource/day…). */
                limit: string;
                /** @description The plan's alert threshold reached, in percent. */
                threshold: number;
                /** @description The window's use when the check that reached it was counted. */
                used: number;
                /** @description The limit's size for the customer. */
                size: number;
                /**
                 * Format: date-time
                 * @description When the window began (ISO 8601, UTC).
                 */
                windowStart: string;
                /**
                 * Format: date-time
                 * @description When the window ends (ISO 8601, UTC).
                 */
                windowEnd: string;
            };
        };
        /**
         * @description A test an admin asked for: delivered, signed and retried as any other event.
         * @example {
         *       "type": "webhook.test",
         *       "timestamp": "2026-11-30T10:45:00.000Z",
         *       "data": {
         *         "webhookId": "wh_5TbQ2nR8vXk3LmZp"
         *       }
         *     }
         */
        WebhookTestEvent: {
            /**
             * Format: date-time
             * @description When the event was raised (ISO 8601, UTC).
             */
            timestamp: string;
            /**
             * @description Sent by POST /v1/webhooks/{id}/test, to this endpoint only.
             * @enum {string}
             */
            type: "webhook.test";
            /** @description The endpoint tested. */
            data: {
                /** @description The endpoint it was sent to. */
                webhookId: string;
            };
        };
        /**
         * @description The decision, and where every limit of the customer stands after it.
         * @example {
         *       "allowed": false,
         *       "customerId": "cus_7YqK2mP9xW4tLb3n",
         *       "planId": "pro",
         *       "limit": 20,
         *       "remaining": 0,
         *       "reset": 1764500412,
         *       "retryAfter": 2,
         *       "limits": [
         *         {
         *           "name": "burst",
         *           "limit": 20,
         *           "remaining": 0,
         *           "reset": 1764500412,
         *           "perMinute": 100
         *         },
         *         {
         *           "name": "hour",
         *           "limit": 5000,
         *           "remaining": 4980,
         *           "reset": 1764500400
         *         },
         *         {
         *           "name": "day",
         *           "limit": 50000,
         *           "remaining": 49012,
         *           "reset": 1764547200
         *         }
         *       ],
         *       "degraded": false,
         *       "shadow": false
         *     }
         */
        CheckResponse: {
            /** @description Whether the request may go ahead (also true when only a shadow plan denied it). */
            allowed: boolean;
            /** @description The customer whose key was checked; null for anonymous checks by IP. */
            customerId: string | null;
            /** @description The plan that decided. */
            planId: string;
            /** @description The size of the most constraining limit: when denied, the one that denies (of several, the one that frees up last); when allowed, the one with least remaining. */
            limit: number;
            /** @description What is left of the most constraining limit. */
            remaining: number;
            /** @description Unix seconds: when the most constraining limit frees up. */
            reset: number;
            /** @description Denied only: seconds to wait before retrying, with jitter, never less than the true wait; null when the request can never pass (its cost exceeds a limit's size). */
            retryAfter?: number | null;
            /** @description Every limit the customer has, in the order burst, hour, day, week, month, concurrent; then the named resource's, in the same order. */
            limits: components["schemas"]["LimitEntry"][];
            /** @description True when the counter store failed and the plan fails open: let through without being counted. */
            degraded: boolean;
            /**
             * @description Degraded only: why the check was degraded.
             * @enum {string}
             */
            reason?: "store_unavailable";
            /** @description True when a shadow plan would have denied this request (the status is then 200). */
            shadow: boolean;
            /** @description When the check took a lease: the customer (or the resource) has a concurrent limit, or the check said reserve. End it with POST /v1/release, or settle a reservation with POST /v1/settle; else it ends by itself at expiresAt. */
            lease?: {
                /**
                 * @description The lease's id, for POST /v1/release and POST /v1/settle.
                 * @example ls_s…
                 */
                id: string;
                /**
                 * @description Unix seconds: when the lease ends by itself if not released or settled.
                 * @example 1764500532
                 */
                expiresAt: number;
            };
        };
        /**
         * @description One limit of a customer and where it stands.
         * @example {
         *       "name": "burst",
         *       "limit": 20,
         *       "remaining": 17,
         *       "reset": 1764500412,
         *       "perMinute": 100
         *     }
         */
        LimitEntry: {
            /**
             * @description Which limit: burst (the token bucket), hour, day, week or month (windows), then concurrent (requests in flight), in that order; then, when the check names a resource, that resource's limits in the same order, named <resource>/burst, <resource>/hour and so on.
             * @example burst
             */
            name: string;
            /**
             * @description Its size: what the full bucket holds, or what the window allows.
             * @example 20
             */
            limit: number;
            /**
             * @description What is left of it now, in cost units.
             * @example 17
             */
            remaining: number;
            /**
             * @description Unix seconds: for a bucket when it is full again, for a window when the current window ends (a month's on the customer's billing day), for concurrent when the first lease held ends by itself while none is free (else now).
             * @example 1764500412
             */
            reset: number;
            /**
             * @description Buckets only: the bucket's refill rate, per minute.
             * @example 100
             */
            perMinute?: number;
            /**
             * @description Usage only, when there are any: units of this limit that API servers hold as local shares (the plan's localShare), counted as used and not yet spent; they go back within about a second of going unused.
             * @example 40
             */
            held?: number;
        };
        /**
         * @description Every error response has this body.
         * @example {
         *       "error": {
         *         "code": "invalid_request",
         *         "message": "perHour must be ≥ perMinute",
         *         "requestId": "0b7c…"
         *       }
         *     }
         */
        Error: {
            /** @description The error. */
            error: {
                /**
                 * @description What went wrong, for programs. Each code has one status: invalid_request 400, unauthorized 401, forbidden and unknown_key 403, not_found 404, conflict 409, precondition_failed 412, payload_too_large 413, unsupported_media_type 415, internal 500, store_unavailable 503. Only requests the HTTP parser refuses before any route differ: invalid_request with 431 for headers too large, or 408 for a request too slow.
                 * @example invalid_request
                 * @enum {string}
                 */
                code: "invalid_request" | "unauthorized" | "forbidden" | "unknown_key" | "not_found" | "conflict" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "store_unavailable" | "internal";
                /**
                 * @description What went wrong, for people; names the field to fix when there is one.
                 * @example perHour must be ≥ perMinute
                 */
                message: string;
                /**
                 * @description This request's id, also in the X-Request-Id header and the server's log: quote it when asking for help.
                 * @example 0b7c…
                 */
                requestId: string;
            };
        };
        /**
         * @description Where every limit of a customer stands now. Reading it consumes nothing.
         * @example {
         *       "customerId": "cus_7YqK2mP9xW4tLb3n",
         *       "planId": "pro",
         *       "limits": [
         *         {
         *           "name": "burst",
         *           "limit": 20,
         *           "remaining": 17,
         *           "reset": 1764500412,
         *           "perMinute": 100
         *         },
         *         {
         *           "name": "hour",
         *           "limit": 5000,
         *           "remaining": 4980,
         *           "reset": 1764500400
         *         }
         *       ]
         *     }
         */
        Usage: {
            /** @description The customer's id. */
            customerId: string;
            /** @description The id of the customer's plan. */
            planId: string;
            /** @description Every limit the customer has, in the order burst, hour, day, week, month, then every resource's in the same order, named as in /v1/check. */
            limits: components["schemas"]["LimitEntry"][];
        };
        /**
         * @description A customer's allowed and denied checks, minute by minute.
         * @example {
         *       "points": [
         *         {
         *           "minute": "2026-11-30T10:41:00Z",
         *           "allowed": 57,
         *           "denied": 3
         *         }
         *       ]
         *     }
         */
        UsageHistory: {
            /** @description One point per minute, oldest first, ending with the current minute; quiet minutes are 0. */
            points: {
                /**
                 * Format: date-time
                 * @description The start of the minute (ISO 8601, UTC).
                 * @example 2026-11-30T10:41:00Z
                 */
                minute: string;
                /**
                 * @description Checks allowed in that minute.
                 * @example 57
                 */
                allowed: number;
                /**
                 * @description Checks denied in that minute.
                 * @example 3
                 */
                denied: number;
            }[];
        };
        /**
         * @description A customer's allowed and denied checks and the units they consumed, day by day, up to 400 days back: what a monthly bill is made from.
         * @example {
         *       "points": [
         *         {
         *           "day": "2026-11-30",
         *           "allowed": 5702,
         *           "denied": 31,
         *           "units": 9120
         *         }
         *       ]
         *     }
         */
        UsageDaily: {
            /** @description One point per UTC day, oldest first, ending with today; quiet days are 0. */
            points: {
                /**
                 * Format: date
                 * @description The UTC day (YYYY-MM-DD).
                 * @example 2026-11-30
                 */
                day: string;
                /**
                 * @description Checks allowed that day.
                 * @example 5702
                 */
                allowed: number;
                /**
                 * @description Checks denied that day.
                 * @example 31
                 */
                denied: number;
                /**
                 * @description The cost the allowed checks consumed that day, net of refunds made that day (for checks of cost 1, equal to allowed).
                 * @example 9120
                 */
                units: number;
            }[];
        };
        /**
         * @description Every customer's usage now, for a live view; traffic is the allowed and denied checks per minute of every customer that matches, added up. Reading it consumes nothing.
         * @example {
         *       "total": 1,
         *       "customers": [
         *         {
         *           "customerId": "cus_7YqK2mP9xW4tLb3n",
         *           "name": "Acme Ltd",
         *           "planId": "pro",
         *           "limits": [
         *             {
         *               "name": "burst",
         *               "limit": 20,
         *               "remaining": 0,
         *               "reset": 1764500412,
         *               "perMinute": 100
         *             },
         *             {
         *               "name": "day",
         *               "limit": 100000,
         *               "remaining": 98012,
         *               "reset": 1764547200
         *             }
         *           ],
         *           "allowed": 1988,
         *           "denied": 12,
         *           "denying": [
         *             "burst"
         *           ],
         *           "overridden": [
         *             "day"
         *           ]
         *         }
         *       ],
         *       "topThrottled": [
         *         {
         *           "customerId": "cus_7YqK2mP9xW4tLb3n",
         *           "name": "Acme Ltd",
         *           "allowed": 1988,
         *           "denied": 12
         *         }
         *       ],
         *       "traffic": {
         *         "points": [
         *           {
         *             "minute": "2026-11-30T10:41:00Z",
         *             "allowed": 57,
         *             "denied": 3
         *           }
         *         ]
         *       }
         *     }
         */
        LiveUsage: {
            /** @description How many customers match q (at most 1,000), or how many there are when q is empty. */
            total: number;
            /** @description The first `limit` customers that match, in the sort's order. */
            customers: {
                /** @description The customer's id. */
                customerId: string;
                /** @description The customer's display name. */
                name: string;
                /** @description The id of the customer's plan. */
                planId: string;
                /** @description Every limit of the customer, as /v1/customers/{id}/usage. */
                limits: components["schemas"]["LimitEntry"][];
                /** @description Checks allowed in the last hour. */
                allowed: number;
                /** @description Checks denied in the last hour. */
                denied: number;
                /** @description The limits with nothing left, which deny every check now, by their names in limits; [] when none. */
                denying: string[];
                /** @description The limits whose numbers the customer's overrides change from the plan's, by their names in limits. */
                overridden: string[];
            }[];
            /** @description The 5 customers that match with the most denials in the last hour, most first; only those denied at all. */
            topThrottled: {
                /** @description The customer's id. */
                customerId: string;
                /** @description The customer's display name. */
                name: string;
                /** @description Checks allowed in the last hour. */
                allowed: number;
                /** @description Checks denied in the last hour. */
                denied: number;
            }[];
            traffic: components["schemas"]["UsageHistory"];
        };
        /**
         * @description One row per customer and UTC day with any check, customers newest first, each one's days oldest first.
         * @example [
         *       {
         *         "customerId": "cus_7YqK2mP9xW4tLb3n",
         *         "planId": "pro",
         *         "day": "2026-11-30",
         *         "resource": null,
         *         "allowed": 5702,
         *         "denied": 31,
         *         "units": 9120
         *       }
         *     ]
         */
        UsageExport: {
            /**
             * @description The customer's id.
             * @example cus_7YqK2mP9xW4tLb3n
             */
            customerId: string;
            /**
             * @description The id of the customer's plan at the time of the export.
             * @example pro
             */
            planId: string;
            /**
             * Format: date
             * @description The UTC day (YYYY-MM-DD).
             * @example 2026-11-30
             */
            day: string;
            /**
             * @description The limit set: null for the plan's own (empty in CSV), which counts every check; else the resource whose checks (those that named it) the row counts.
             * @example null
             */
            resource: string | null;
            /**
             * @description Checks allowed that day.
             * @example 5702
             */
            allowed: number;
            /**
             * @description Checks denied that day.
             * @example 31
             */
            denied: number;
            /**
             * @description The cost the allowed checks consumed that day, net of refunds made that day.
             * @example 9120
             */
            units: number;
        }[];
        /**
         * @description The calling customer and the plan that applies to it.
         * @example {
         *       "id": "cus_7YqK2mP9xW4tLb3n",
         *       "name": "Acme Ltd",
         *       "planId": "pro",
         *       "billingDay": 17,
         *       "plan": {
         *         "id": "pro",
         *         "name": "Pro",
         *         "burst": 20,
         *         "perMinute": 100,
         *         "perHour": 5000,
         *         "perDay": 100000,
         *         "perWeek": null,
         *         "perMonth": 1000000,
         *         "concurrent": null,
         *         "resources": {
         *           "ai.generate": {
         *             "burst": null,
         *             "perMinute": 10,
         *             "perHour": null,
         *             "perDay": 2000,
         *             "perWeek": null,
         *             "perMonth": null,
         *             "concurrent": null
         *           }
         *         },
         *         "failMode": "closed",
         *         "shadow": false,
         *         "alerts": [
         *           80,
         *           100
         *         ]
         *       },
         *       "overrides": {
         *         "perDay": 100000
         *       }
         *     }
         */
        Me: {
            /** @description The id of the customer this API key belongs to. */
            id: string;
            /** @description The customer's display name. */
            name: string;
            /** @description The id of the customer's plan. */
            planId: string;
            /** @description The day of the month the customer's monthly limits renew on (1–31); null: the calendar month. */
            billingDay: number | null;
            /** @description The plan as it applies to this customer: its fields with the customer's overrides laid over them. */
            plan: {
                /** @description The plan's id. */
                id: string;
                /** @description The plan's display name. */
                name: string;
                /** @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
                burst: number | null;
                /** @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
                perMinute: number | null;
                /** @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
                perHour: number | null;
                /** @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
                perDay: number | null;
                /** @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
                perWeek: number | null;
                /** @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
                perMonth: number | null;
                /** @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
                concurrent: number | null;
                /** @description Named limits for one kind of request (say one expensive endpoint), at most 20: a check that names the resource is held to the plan's own limits and to the resource's, in one step. Each holds the same seven limit fields under the same rules. */
                resources: {
                    [key: string]: {
                        /** @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
                        burst: number | null;
                        /** @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
                        perMinute: number | null;
                        /** @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
                        perHour: number | null;
                        /** @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
                        perDay: number | null;
                        /** @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
                        perWeek: number | null;
                        /** @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
                        perMonth: number | null;
                        /** @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
                        concurrent: number | null;
                    };
                };
                /**
                 * @description What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back.
                 * @enum {string}
                 */
                failMode: "open" | "closed" | "local";
                /** @description Dry run: when true the plan never denies; /v1/check reports what it would have done. */
                shadow: boolean;
                /** @description Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none. */
                alerts: number[];
            };
            overrides: components["schemas"]["Overrides"];
        };
        /**
         * @description Plan fields replaced for this customer; a field left out keeps the plan's value. The limits that result obey the plan rules. null: no overrides.
         * @example {
         *       "perDay": 100000,
         *       "resources": {
         *         "ai.generate": {
         *           "perDay": 2000
         *         }
         *       }
         *     }
         */
        Overrides: {
            /** @description Replaces the plan's burst. Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
            burst?: number | null;
            /** @description Replaces the plan's perMinute. Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
            perMinute?: number | null;
            /** @description Replaces the plan's perHour. Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
            perHour?: number | null;
            /** @description Replaces the plan's perDay. Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
            perDay?: number | null;
            /** @description Replaces the plan's perWeek. Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
            perWeek?: number | null;
            /** @description Replaces the plan's perMonth. Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
            perMonth?: number | null;
            /** @description Replaces the plan's concurrent. Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
            concurrent?: number | null;
            /**
             * @description Resource limits replaced for this customer, field by field: a field left out keeps the plan resource's value.
             * @example {
             *       "ai.generate": {
             *         "perDay": 2000
             *       }
             *     }
             */
            resources?: {
                [key: string]: {
                    /** @description Replaces the plan's burst. Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
                    burst?: number | null;
                    /** @description Replaces the plan's perMinute. Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
                    perMinute?: number | null;
                    /** @description Replaces the plan's perHour. Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
                    perHour?: number | null;
                    /** @description Replaces the plan's perDay. Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
                    perDay?: number | null;
                    /** @description Replaces the plan's perWeek. Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
                    perWeek?: number | null;
                    /** @description Replaces the plan's perMonth. Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
                    perMonth?: number | null;
                    /** @description Replaces the plan's concurrent. Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
                    concurrent?: number | null;
                };
            };
            /**
             * @description Replaces the plan's failMode. What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back.
             * @example open
             * @enum {string}
             */
            failMode?: "open" | "closed" | "local";
            /**
             * @description Replaces the plan's shadow. Dry run: when true the plan never denies; /v1/check reports what it would have done.
             * @example false
             */
            shadow?: boolean;
            /**
             * @description Replaces the plan's localShare; null turns local shares off for this customer (as a null limit removes that limit), left out keeps the plan's. For a very busy customer: how many units (2–10,000) of the customer's quota an API server takes from the counter store at once and then spends locally, so that most of the customer's checks need no store command. The total allowed still never exceeds any limit; units left unused go back to the store within about a second of going unused, and when the server shuts down. null (the default): every check goes to the store.
             * @example 100
             */
            localShare?: number | null;
            /**
             * @description Replaces the plan's alerts; [] turns them off for this customer. Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none.
             * @example [
             *       50,
             *       90,
             *       100
             *     ]
             */
            alerts?: number[];
        } | null;
        /**
         * @description Where the refunded limits stand now, shaped as usage.
         * @example {
         *       "customerId": "cus_7YqK2mP9xW4tLb3n",
         *       "planId": "pro",
         *       "limits": [
         *         {
         *           "name": "burst",
         *           "limit": 20,
         *           "remaining": 20,
         *           "reset": 1764500400,
         *           "perMinute": 100
         *         },
         *         {
         *           "name": "hour",
         *           "limit": 5000,
         *           "remaining": 4983,
         *           "reset": 1764500400
         *         }
         *       ]
         *     }
         */
        Refunded: {
            /** @description The customer refunded; null for anonymous traffic by IP. */
            customerId: string | null;
            /** @description The plan that governs the caller. */
            planId: string;
            /** @description The limits the refund gave back to, as they stand after it: the plan's, then the named resource's, as in /v1/check. */
            limits: components["schemas"]["LimitEntry"][];
        };
        /**
         * @description Where the lease's limits stand now, shaped as usage.
         * @example {
         *       "customerId": "cus_7YqK2mP9xW4tLb3n",
         *       "planId": "pro",
         *       "limits": [
         *         {
         *           "name": "concurrent",
         *           "limit": 5,
         *           "remaining": 5,
         *           "reset": 1764500400
         *         }
         *       ]
         *     }
         */
        LeaseEnded: {
            /** @description The lease's customer; null for anonymous traffic by IP. */
            customerId: string | null;
            /** @description The plan that governs it. */
            planId: string;
            /** @description The limits of the check that took the lease, as they stand after: the plan's, then its resource's. */
            limits: components["schemas"]["LimitEntry"][];
        };
        /**
         * @description A plan: the limits its customers get, unless a customer overrides them.
         * @example {
         *       "id": "pro",
         *       "name": "Pro",
         *       "burst": 20,
         *       "perMinute": 100,
         *       "perHour": 5000,
         *       "perDay": 50000,
         *       "perWeek": null,
         *       "perMonth": 1000000,
         *       "concurrent": null,
         *       "resources": {
         *         "ai.generate": {
         *           "burst": null,
         *           "perMinute": 10,
         *           "perHour": null,
         *           "perDay": 500,
         *           "perWeek": null,
         *           "perMonth": null,
         *           "concurrent": null
         *         }
         *       },
         *       "failMode": "closed",
         *       "shadow": false,
         *       "localShare": null,
         *       "alerts": [
         *         80,
         *         100
         *       ],
         *       "version": 3,
         *       "createdAt": "2026-11-30T10:00:00.000Z",
         *       "updatedAt": "2026-11-30T11:00:00.000Z"
         *     }
         */
        Plan: {
            /** @description The plan's id, chosen by the admin. The plan `anonymous` governs checks made by IP address. */
            id: string;
            /** @description Display name, 1–100 characters. */
            name: string;
            /** @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
            burst: number | null;
            /** @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
            perMinute: number | null;
            /** @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
            perHour: number | null;
            /** @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
            perDay: number | null;
            /** @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
            perWeek: number | null;
            /** @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
            perMonth: number | null;
            /** @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
            concurrent: number | null;
            /** @description Named limits for one kind of request (say one expensive endpoint), at most 20: a check that names the resource is held to the plan's own limits and to the resource's, in one step. Each holds the same seven limit fields under the same rules. */
            resources: {
                [key: string]: {
                    /** @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute. */
                    burst: number | null;
                    /** @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit. */
                    perMinute: number | null;
                    /** @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit. */
                    perHour: number | null;
                    /** @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit. */
                    perDay: number | null;
                    /** @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit. */
                    perWeek: number | null;
                    /** @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit. */
                    perMonth: number | null;
                    /** @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight. */
                    concurrent: number | null;
                };
            };
            /**
             * @description What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back.
             * @enum {string}
             */
            failMode: "open" | "closed" | "local";
            /** @description Dry run: when true the plan never denies; /v1/check reports what it would have done. */
            shadow: boolean;
            /** @description For a very busy customer: how many units (2–10,000) of the customer's quota an API server takes from the counter store at once and then spends locally, so that most of the customer's checks need no store command. The total allowed still never exceeds any limit; units left unused go back to the store within about a second of going unused, and when the server shuts down. null (the default): every check goes to the store. */
            localShare: number | null;
            /** @description Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none. */
            alerts: number[];
            /** @description Starts at 1 and grows by one on every change; sent as the ETag ("3"). */
            version: number;
            /**
             * Format: date-time
             * @description When the plan was created (ISO 8601, UTC).
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the plan last changed (ISO 8601, UTC).
             */
            updatedAt: string;
        };
        /**
         * @description A customer: who calls your API, on which plan, with which overrides.
         * @example {
         *       "id": "cus_7YqK2mP9xW4tLb3n",
         *       "name": "Acme Ltd",
         *       "planId": "pro",
         *       "billingDay": 17,
         *       "overrides": {
         *         "perDay": 100000,
         *         "resources": {
         *           "ai.generate": {
         *             "perDay": 2000
         *           }
         *         }
         *       },
         *       "version": 4,
         *       "createdAt": "2026-11-30T10:00:00.000Z",
         *       "updatedAt": "2026-11-30T11:00:00.000Z"
         *     }
         */
        Customer: {
            /** @description The customer's id: the one given on creation, or cus_… made by Bouncer. */
            id: string;
            /** @description Display name. */
            name: string;
            /** @description The id of the plan the customer is on; the plan must exist. */
            planId: string;
            /** @description The day of the month (1–31) the customer's monthly limits renew on, at 00:00Z; in a month without that day, on its last day. null: the calendar month. */
            billingDay: number | null;
            overrides: components["schemas"]["Overrides"];
            /** @description Starts at 1 and grows by one on every change; sent as the ETag ("4"). */
            version: number;
            /**
             * Format: date-time
             * @description When the customer was created (ISO 8601, UTC).
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the customer last changed (ISO 8601, UTC).
             */
            updatedAt: string;
        };
        /**
         * @description A new customer API key, with its secret.
         * @example {
         *       "id": "key_3kTq9ZrW1mXc8PaL",
         *       "prefix": "qk_Hx7fK2pQ",
         *       "key": "qk_Hx7fK2pQ…"
         *     }
         */
        NewApiKey: {
            /** @description The key's id (key_…): use it to revoke the key. */
            id: string;
            /** @description The key's first characters, to tell keys apart without the secret. */
            prefix: string;
            /** @description The key itself, for the customer's client to present: shown this once only; only its hash is kept. */
            key: string;
        };
        /**
         * @description A customer API key, without its secret.
         * @example {
         *       "id": "key_3kTq9ZrW1mXc8PaL",
         *       "prefix": "qk_Hx7fK2pQ",
         *       "createdAt": "2026-11-30T10:00:00.000Z",
         *       "revokedAt": null
         *     }
         */
        ApiKey: {
            /** @description The key's id (key_…): use it to revoke the key. */
            id: string;
            /** @description The key's first characters, to tell keys apart without the secret. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the key was made (ISO 8601, UTC).
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the key was revoked (ISO 8601, UTC); null while it works.
             */
            revokedAt: string | null;
        };
        /**
         * @description A new token, with its secret.
         * @example {
         *       "id": "tok_9mWq2ZkT4xPb7LcN",
         *       "token": "qt_…"
         *     }
         */
        NewToken: {
            /** @description The token's id (tok_…): use it to revoke the token; the audit log names it as the actor. */
            id: string;
            /** @description The token itself, to send as Bearer: shown this once only. */
            token: string;
        };
        /**
         * @description An admin or service token, without its secret.
         * @example {
         *       "id": "tok_9mWq2ZkT4xPb7LcN",
         *       "name": "billing-svc",
         *       "role": "service",
         *       "createdAt": "2026-11-30T10:00:00.000Z",
         *       "revokedAt": null
         *     }
         */
        Token: {
            /** @description The token's id (tok_…): use it to revoke the token; the audit log names it as the actor. */
            id: string;
            /** @description What the token is for. */
            name: string;
            /**
             * @description admin: everything; service: POST /v1/check, /v1/refund, /v1/settle and /v1/release, and GET /v1/customers/{id}/usage, only.
             * @enum {string}
             */
            role: "admin" | "service";
            /**
             * Format: date-time
             * @description When the token was made (ISO 8601, UTC).
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the token was revoked (ISO 8601, UTC); null while it works.
             */
            revokedAt: string | null;
        };
        /**
         * @description A new webhook endpoint, with its signing secret.
         * @example {
         *       "id": "wh_3kTq9ZmW2xPb7LcN",
         *       "url": "https://billing.example.com/hooks",
         *       "events": [
         *         "usage.threshold"
         *       ],
         *       "createdAt": "2026-11-30T10:00:00.000Z",
         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
         *     }
         */
        NewWebhook: {
            /** @description The endpoint's id (wh_…). */
            id: string;
            /**
             * Format: uri
             * @description Where events are sent, as a POST of their JSON body.
             */
            url: string;
            /** @description The event types it receives. */
            events: string[];
            /**
             * Format: date-time
             * @description When it was registered (ISO 8601, UTC).
             */
            createdAt: string;
            /** @description The signing secret (whsec_…), shown this once: receivers verify each event's webhook-signature with it, as Standard Webhooks libraries do. */
            secret: string;
        };
        /**
         * @description A webhook endpoint, without its secret.
         * @example {
         *       "id": "wh_3kTq9ZmW2xPb7LcN",
         *       "url": "https://billing.example.com/hooks",
         *       "events": [
         *         "usage.threshold"
         *       ],
         *       "createdAt": "2026-11-30T10:00:00.000Z"
         *     }
         */
        Webhook: {
            /** @description The endpoint's id (wh_…). */
            id: string;
            /**
             * Format: uri
             * @description Where events are sent, as a POST of their JSON body.
             */
            url: string;
            /** @description The event types it receives. */
            events: string[];
            /**
             * Format: date-time
             * @description When it was registered (ISO 8601, UTC).
             */
            createdAt: string;
        };
        /**
         * @description The test event added.
         * @example {
         *       "eventId": "evt_8nRt2LkW5xQb9MzP"
         *     }
         */
        WebhookTest: {
            /** @description The test event's id, its webhook-id header when sent. */
            eventId: string;
        };
        /**
         * @description One event's delivery to one endpoint.
         * @example {
         *       "id": "dlv_4f1c9a0b7e2d3c5a8b6e",
         *       "eventId": "evt_8nRt2LkW5xQb9MzP",
         *       "type": "usage.threshold",
         *       "status": "pending",
         *       "attempts": 2,
         *       "lastStatus": 503,
         *       "nextAttemptAt": "2026-11-30T10:42:07.000Z",
         *       "createdAt": "2026-11-30T10:41:07.000Z"
         *     }
         */
        WebhookDelivery: {
            /** @description The delivery's id (dlv_…). */
            id: string;
            /** @description The event's id: its webhook-id header, the same on every attempt. */
            eventId: string;
            /** @description The event's type: usage.threshold or webhook.test. */
            type: string;
            /**
             * @description pending until a 2xx answer (delivered), or until 3 days of retries have passed (failed).
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            /** @description How many times it was sent. */
            attempts: number;
            /** @description The HTTP status of the last attempt; null before the first, or when none came back. */
            lastStatus: number | null;
            /**
             * Format: date-time
             * @description When it is next sent (ISO 8601, UTC); null once delivered or failed.
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When the event was raised (ISO 8601, UTC).
             */
            createdAt: string;
        };
        /**
         * @description One change made through the API.
         * @example {
         *       "at": "2026-11-30T11:00:00.000Z",
         *       "actor": "tok_9mWq2ZkT4xPb7LcN",
         *       "action": "plan.update",
         *       "target": "pro",
         *       "before": {
         *         "perHour": 5000,
         *         "version": 2
         *       },
         *       "after": {
         *         "perHour": 6000,
         *         "version": 3
         *       }
         *     }
         */
        AuditEntry: {
            /**
             * Format: date-time
             * @description When the change was made (ISO 8601, UTC).
             */
            at: string;
            /** @description Who made it: the id of the token (tok_…), or ADMIN_TOKEN. */
            actor: string;
            /** @description What was done: plan.create|update|delete, customer.create|update|delete|reset, key.create|revoke, token.create|revoke, webhook.create|delete|test|redeliver. */
            action: string;
            /** @description The id of the plan, customer, key, token, webhook or delivery changed. */
            target: string;
            /** @description The target before the change; null when it was created. Never holds secrets. */
            before: {
                [key: string]: unknown;
            } | null;
            /** @description The target after the change; null when it was deleted. Never holds secrets. */
            after: {
                [key: string]: unknown;
            } | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description This request's id, also in the error envelope and the server's log: the caller's own X-Request-Id when it is a short token of letters, digits, _, - and =, otherwise a new UUID.
         * @example 0b7c2f9e-6a4d-4c1b-9f3e-2d8a7c6b5e41
         */
        "X-Request-Id": string;
        /**
         * @description Browsers take the body for what Content-Type says, never sniff another type. Always nosniff.
         * @example nosniff
         */
        "X-Content-Type-Options": string;
        /**
         * @description No page may frame the answer. Always DENY.
         * @example DENY
         */
        "X-Frame-Options": string;
        /**
         * @description Links followed from the answer send no referrer. Always no-referrer.
         * @example no-referrer
         */
        "Referrer-Policy": string;
        /**
         * @description A browser that opens the answer loads nothing and frames nothing from it. Always default-src 'none'; frame-ancestors 'none'.
         * @example default-src 'none'; frame-ancestors 'none'
         */
        "Content-Security-Policy": string;
        /**
         * @description A security header. Always no-store.
         * @example no-store
         */
        "Cache-Control": string;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The customer's API key, as its client presented it. Send exactly one of key and ip.
                     * @example qk_Hx7fK2pQ…
                     */
                    key?: string;
                    /**
                     * @description For anonymous traffic, instead of key: the client's IPv4 or IPv6 address (IPv6 counted per /64), governed by the plan `anonymous`.
                     * @example 203.0.113.7
                     */
                    ip?: string;
                    /**
                     * @description The resource this request uses, if any: its limits in the customer's plan are checked with the plan's own, in one step. A resource the plan does not name adds nothing.
                     * @example ai.generate
                     */
                    resource?: string;
                    /**
                     * @description How much this request consumes from every limit: 1 to 1,000,000.
                     * @default 1
                     * @example 1
                     */
                    cost?: number;
                    /**
                     * @description Reserve `cost` for a request whose real cost is known only after it (an LLM's tokens): counted like any check, and the answer's lease is settled at the real cost with POST /v1/settle.
                     * @default false
                     * @example true
                     */
                    reserve?: boolean;
                    /**
                     * @description How long the check's lease lasts unless released or settled sooner (a plan with a concurrent limit, or reserve): 1 to 3,600 seconds, default 60.
                     * @default 60
                     * @example 120
                     */
                    leaseSeconds?: number;
                } & ({
                    /** @description The customer's API key. */
                    key: string;
                } | {
                    /** @description The client's IP address. */
                    ip: string;
                });
            };
        };
        responses: {
            /** @description Allowed (or denied by a shadow plan, which never denies) */
            200: {
                headers: {
                    /**
                     * @description The size of the most constraining limit, as limit in the body.
                     * @example 20
                     */
                    "X-RateLimit-Limit": number;
                    /**
                     * @description What is left of it, as remaining in the body.
                     * @example 0
                     */
                    "X-RateLimit-Remaining": number;
                    /**
                     * @description Unix seconds: when it frees up, as reset in the body.
                     * @example 1764500412
                     */
                    "X-RateLimit-Reset": number;
                    /**
                     * @description Every limit of the check, as draft-ietf-httpapi-ratelimit-headers has it: q its size, w its window in seconds (for the bucket, the seconds it takes to refill from empty).
                     * @example "burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description The most constraining limit, as draft-ietf-httpapi-ratelimit-headers has it: r what is left, t the seconds until more quota is available.
                     * @example "burst";r=0;t=2
                     */
                    RateLimit: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckResponse"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden, or unknown_key */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Denied; nothing was consumed */
            429: {
                headers: {
                    /**
                     * @description The size of the most constraining limit, as limit in the body.
                     * @example 20
                     */
                    "X-RateLimit-Limit": number;
                    /**
                     * @description What is left of it, as remaining in the body.
                     * @example 0
                     */
                    "X-RateLimit-Remaining": number;
                    /**
                     * @description Unix seconds: when it frees up, as reset in the body.
                     * @example 1764500412
                     */
                    "X-RateLimit-Reset": number;
                    /**
                     * @description Every limit of the check, as draft-ietf-httpapi-ratelimit-headers has it: q its size, w its window in seconds (for the bucket, the seconds it takes to refill from empty).
                     * @example "burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description The most constraining limit, as draft-ietf-httpapi-ratelimit-headers has it: r what is left, t the seconds until more quota is available.
                     * @example "burst";r=0;t=2
                     */
                    RateLimit: string;
                    /**
                     * @description Seconds to wait before retrying, as retryAfter in the body; absent when the request can never pass (its cost exceeds a limit's size).
                     * @example 2
                     */
                    "Retry-After"?: number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckResponse"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every limit of the customer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerUsageHistory: {
        parameters: {
            query?: {
                /** @description How many minutes back, from 1 to 1440 (24 hours); default 60. */
                minutes?: number;
            };
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One point per minute, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageHistory"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every limit of the customer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyUsageHistory: {
        parameters: {
            query?: {
                /** @description How many minutes back, from 1 to 1440 (24 hours); default 60. */
                minutes?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One point per minute, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageHistory"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerUsageDaily: {
        parameters: {
            query?: {
                /** @description How many days back, today included, from 1 to 400; default 90. */
                days?: number;
            };
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One point per day, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageDaily"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyUsageDaily: {
        parameters: {
            query?: {
                /** @description How many days back, today included, from 1 to 400; default 90. */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One point per day, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageDaily"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLiveUsage: {
        parameters: {
            query?: {
                /** @description Only customers whose id, or whose name from one of its words on, starts with this text, in any case (as GET /v1/customers): the first 1,000 of them, newest first; empty or left out: every customer. */
                q?: string;
                /** @description nearest: nearest to a limit first (the smallest share left of any limit); denied: most denials in the last hour first; name: by name. Ties go by name. */
                sort?: "nearest" | "denied" | "name";
                /** @description How many customers to return, from 1 to 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every matching customer's usage, the first `limit` of them */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveUsage"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportUsage: {
        parameters: {
            query: {
                /** @description The first UTC day (YYYY-MM-DD), at most 400 days back. */
                from: string;
                /** @description The last UTC day (YYYY-MM-DD), from `from` to today. */
                to: string;
                /** @description csv (the default) or json. */
                format?: "csv" | "json";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows, as an attachment */
            200: {
                headers: {
                    /** @description attachment; filename="usage-<from>-<to>.<format>": .csv, or .json for format=json. */
                    "Content-Disposition"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": components["schemas"]["UsageExport"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer and its plan */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's limits after the reset */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refund: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The customer's API key, as its client presented it. Send exactly one of key and ip.
                     * @example qk_Hx7fK2pQ…
                     */
                    key?: string;
                    /**
                     * @description For anonymous traffic, instead of key: the client's IPv4 or IPv6 address (IPv6 counted per /64), governed by the plan `anonymous`.
                     * @example 203.0.113.7
                     */
                    ip?: string;
                    /**
                     * @description The resource this request uses, if any: its limits in the customer's plan are checked with the plan's own, in one step. A resource the plan does not name adds nothing.
                     * @example ai.generate
                     */
                    resource?: string;
                    /**
                     * @description How much this request consumes from every limit: 1 to 1,000,000.
                     * @default 1
                     * @example 1
                     */
                    cost?: number;
                } & ({
                    /** @description The customer's API key. */
                    key: string;
                } | {
                    /** @description The client's IP address. */
                    ip: string;
                });
            };
        };
        responses: {
            /** @description Given back; where those limits stand now */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refunded"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden, or unknown_key */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    release: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The lease's id, as the check answered it.
                     * @example ls_s…
                     */
                    lease: string;
                };
            };
        };
        responses: {
            /** @description Ended; where the lease's limits stand now */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaseEnded"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    settle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The lease's id, as the check answered it.
                     * @example ls_s…
                     */
                    lease: string;
                    /**
                     * @description The request's real cost: 0 to 1,000,000,000.
                     * @example 734
                     */
                    cost: number;
                };
            };
        };
        responses: {
            /** @description Settled; where the lease's limits stand now */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaseEnded"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every plan, by id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: components["schemas"]["Plan"][];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The plan's id, chosen by the admin. The plan `anonymous` governs checks made by IP address. Lowercase letters, digits, _ and -, at most 63 characters.
                     * @example pro
                     */
                    id: string;
                    /**
                     * @description Display name, 1–100 characters.
                     * @example Pro
                     */
                    name: string;
                    /**
                     * @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.
                     * @default null
                     * @example 20
                     */
                    burst?: number | null;
                    /**
                     * @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.
                     * @default null
                     * @example 100
                     */
                    perMinute?: number | null;
                    /**
                     * @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.
                     * @default null
                     * @example 5000
                     */
                    perHour?: number | null;
                    /**
                     * @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.
                     * @default null
                     * @example 50000
                     */
                    perDay?: number | null;
                    /**
                     * @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.
                     * @default null
                     * @example null
                     */
                    perWeek?: number | null;
                    /**
                     * @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.
                     * @default null
                     * @example 1000000
                     */
                    perMonth?: number | null;
                    /**
                     * @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight.
                     * @default null
                     * @example null
                     */
                    concurrent?: number | null;
                    /**
                     * @description Named limits for one kind of request (say one expensive endpoint), at most 20: a check that names the resource is held to the plan's own limits and to the resource's, in one step. Each holds the same seven limit fields under the same rules.
                     * @default {}
                     * @example {
                     *       "ai.generate": {
                     *         "perMinute": 10,
                     *         "perDay": 500
                     *       }
                     *     }
                     */
                    resources?: {
                        [key: string]: {
                            /**
                             * @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.
                             * @default null
                             */
                            burst?: number | null;
                            /**
                             * @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.
                             * @default null
                             */
                            perMinute?: number | null;
                            /**
                             * @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.
                             * @default null
                             */
                            perHour?: number | null;
                            /**
                             * @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.
                             * @default null
                             */
                            perDay?: number | null;
                            /**
                             * @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.
                             * @default null
                             */
                            perWeek?: number | null;
                            /**
                             * @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.
                             * @default null
                             */
                            perMonth?: number | null;
                            /**
                             * @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight.
                             * @default null
                             */
                            concurrent?: number | null;
                        };
                    };
                    /**
                     * @description What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back. Default open; closed suits metered plans, where the limit is about money.
                     * @default open
                     * @example closed
                     * @enum {string}
                     */
                    failMode?: "open" | "closed" | "local";
                    /**
                     * @description Dry run: when true the plan never denies; /v1/check reports what it would have done.
                     * @default false
                     * @example false
                     */
                    shadow?: boolean;
                    /**
                     * @description For a very busy customer: how many units (2–10,000) of the customer's quota an API server takes from the counter store at once and then spends locally, so that most of the customer's checks need no store command. The total allowed still never exceeds any limit; units left unused go back to the store within about a second of going unused, and when the server shuts down. null (the default): every check goes to the store.
                     * @default null
                     * @example 100
                     */
                    localShare?: number | null;
                    /**
                     * @description Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none.
                     * @default []
                     * @example [
                     *       80,
                     *       100
                     *     ]
                     */
                    alerts?: number[];
                };
            };
        };
        responses: {
            /** @description The plan, at version 1 */
            201: {
                headers: {
                    /**
                     * @description The plan version, e.g. "3": send it as If-Match to change the plan only as you read it.
                     * @example "3"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    /**
                     * @description The plan version, e.g. "3": send it as If-Match to change the plan only as you read it.
                     * @example "3"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description The plan version you read, as its ETag ("3"). On mismatch: 412, nothing changes. */
                "if-match"?: string;
            };
            path: {
                /** @description The plan's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description precondition_failed */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description The plan version you read, as its ETag ("3"). On mismatch: 412, nothing changes. */
                "if-match"?: string;
            };
            path: {
                /** @description The plan's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Display name, 1–100 characters.
                     * @example Pro
                     */
                    name?: string;
                    /**
                     * @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.
                     * @example 20
                     */
                    burst?: number | null;
                    /**
                     * @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.
                     * @example 100
                     */
                    perMinute?: number | null;
                    /**
                     * @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.
                     * @example 5000
                     */
                    perHour?: number | null;
                    /**
                     * @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.
                     * @example 50000
                     */
                    perDay?: number | null;
                    /**
                     * @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.
                     * @example null
                     */
                    perWeek?: number | null;
                    /**
                     * @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.
                     * @example 1000000
                     */
                    perMonth?: number | null;
                    /**
                     * @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight.
                     * @example null
                     */
                    concurrent?: number | null;
                    /**
                     * @description Named limits for one kind of request (say one expensive endpoint), at most 20: a check that names the resource is held to the plan's own limits and to the resource's, in one step. Each holds the same seven limit fields under the same rules. Replaces the plan's resources as a whole; {} removes them.
                     * @example {
                     *       "ai.generate": {
                     *         "perMinute": 10,
                     *         "perDay": 500
                     *       }
                     *     }
                     */
                    resources?: {
                        [key: string]: {
                            /**
                             * @description Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.
                             * @default null
                             */
                            burst?: number | null;
                            /**
                             * @description Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.
                             * @default null
                             */
                            perMinute?: number | null;
                            /**
                             * @description Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.
                             * @default null
                             */
                            perHour?: number | null;
                            /**
                             * @description Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.
                             * @default null
                             */
                            perDay?: number | null;
                            /**
                             * @description Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.
                             * @default null
                             */
                            perWeek?: number | null;
                            /**
                             * @description Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.
                             * @default null
                             */
                            perMonth?: number | null;
                            /**
                             * @description Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight.
                             * @default null
                             */
                            concurrent?: number | null;
                        };
                    };
                    /**
                     * @description What checks do when the counter store is down: `open` lets them through (degraded), `closed` refuses them with 503, `local` keeps limiting on each API server with its share of what each customer had left (200 or 429, degraded), and adds what it allowed to the store's counts once the store is back.
                     * @example closed
                     * @enum {string}
                     */
                    failMode?: "open" | "closed" | "local";
                    /**
                     * @description Dry run: when true the plan never denies; /v1/check reports what it would have done.
                     * @example false
                     */
                    shadow?: boolean;
                    /**
                     * @description For a very busy customer: how many units (2–10,000) of the customer's quota an API server takes from the counter store at once and then spends locally, so that most of the customer's checks need no store command. The total allowed still never exceeds any limit; units left unused go back to the store within about a second of going unused, and when the server shuts down. null (the default): every check goes to the store.
                     * @example 100
                     */
                    localShare?: number | null;
                    /**
                     * @description Usage thresholds in percent (1–100, at most 5), e.g. [80, 100]: each window limit of the plan and of its resources (hour, day, week, month) raises one `usage.threshold` webhook event per threshold per window when the customer's use reaches it, in the check that reaches it. [] (the default): none.
                     * @example [
                     *       80,
                     *       100
                     *     ]
                     */
                    alerts?: number[];
                };
            };
        };
        responses: {
            /** @description The plan, one version on */
            200: {
                headers: {
                    /**
                     * @description The plan version, e.g. "3": send it as If-Match to change the plan only as you read it.
                     * @example "3"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plan"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description precondition_failed */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Finds the customers whose id, or whose name from one of its words on, starts with it, in any case: acme, ltd and acme l find Acme Ltd, cme does not. Spaces and ASCII punctuation count as one space between words. */
                q?: string;
                /** @description How many customers a page holds at most, from 1 to 1000; default 100. */
                limit?: number;
                /** @description The nextCursor of the page before, as it came; leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customers: components["schemas"]["Customer"][];
                        /**
                         * @description Send it as cursor for the next page; null on the last page.
                         * @example WyIyMDI2LTExLTMwVDEwOjAwOjAwLjAwMFoiLCJjdXNfN1lxSzJtUDl4VzR0TGIzbiJd
                         */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your own id for the customer (letters, digits, _ and -, at most 63 characters); one is made (cus_…) when omitted.
                     * @example acme
                     */
                    id?: string;
                    /**
                     * @description Display name, 1–100 characters.
                     * @example Acme Ltd
                     */
                    name: string;
                    /**
                     * @description The id of the plan the customer is on; the plan must exist.
                     * @example pro
                     */
                    planId: string;
                    /**
                     * @description The day of the month (1–31) the customer's monthly limits renew on, at 00:00Z; in a month without that day, on its last day. null: the calendar month.
                     * @default null
                     * @example 17
                     */
                    billingDay?: number | null;
                    overrides?: components["schemas"]["Overrides"];
                };
            };
        };
        responses: {
            /** @description The customer, at version 1 */
            201: {
                headers: {
                    /**
                     * @description The customer version, e.g. "4": send it as If-Match to change the customer only as you read it.
                     * @example "4"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    /**
                     * @description The customer version, e.g. "4": send it as If-Match to change the customer only as you read it.
                     * @example "4"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The customer version you read, as its ETag ("4"). On mismatch: 412, nothing changes. */
                "if-match"?: string;
            };
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description precondition_failed */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The customer version you read, as its ETag ("4"). On mismatch: 412, nothing changes. */
                "if-match"?: string;
            };
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Display name, 1–100 characters.
                     * @example Acme Ltd
                     */
                    name?: string;
                    /**
                     * @description Move the customer to this plan; its overrides must obey the new plan's rules.
                     * @example pro
                     */
                    planId?: string;
                    /**
                     * @description The day of the month (1–31) the customer's monthly limits renew on, at 00:00Z; in a month without that day, on its last day. null: the calendar month.
                     * @example 17
                     */
                    billingDay?: number | null;
                    overrides?: components["schemas"]["Overrides"];
                };
            };
        };
        responses: {
            /** @description The customer, one version on (the same when nothing changed) */
            200: {
                headers: {
                    /**
                     * @description The customer version, e.g. "4": send it as If-Match to change the customer only as you read it.
                     * @example "4"
                     */
                    ETag: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description precondition_failed */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's keys, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewApiKey"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id (key_…), not the key itself. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every token, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: components["schemas"]["Token"][];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the token is for, 1–100 characters.
                     * @example billing-svc
                     */
                    name: string;
                    /**
                     * @description admin: everything; service: POST /v1/check, /v1/refund, /v1/settle and /v1/release, and GET /v1/customers/{id}/usage, only. Default service.
                     * @default service
                     * @example service
                     * @enum {string}
                     */
                    role?: "admin" | "service";
                };
            };
        };
        responses: {
            /** @description The new token */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewToken"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token's id (tok_…), not the token itself. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description https: (http: only to a loopback address, for local development). A host that resolves to a private or link-local address is refused unless the server runs with WEBHOOK_ALLOW_PRIVATE=1.
                     * @example https://billing.example.com/hooks
                     */
                    url: string;
                    /**
                     * @description The event types to receive: usage.threshold.
                     * @example [
                     *       "usage.threshold"
                     *     ]
                     */
                    events: "usage.threshold"[];
                };
            };
        };
        responses: {
            /** @description The new endpoint, with its secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewWebhook"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event, added for delivery */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTest"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description How many of the newest deliveries to return, from 1 to 1000; default 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest deliveries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                id: string;
                /** @description The delivery's id. */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, due now */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description How many of the newest entries to return, from 1 to 1000; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest entries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /**
                     * @description The RFC 6750 challenge: Bearer when the request sent no bearer token, Bearer error="invalid_token" when the one it sent is unknown, revoked or too long.
                     * @example Bearer error="invalid_token"
                     */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description store_unavailable */
            503: {
                headers: {
                    /**
                     * @description Seconds to wait before trying again: 1.
                     * @example 1
                     */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-Frame-Options": components["headers"]["X-Frame-Options"];
                    "Referrer-Policy": components["headers"]["Referrer-Policy"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.threshold": {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt and from every server: a receiver that has seen it ignores it. */
                "webhook-id": string;
                /** @description When this attempt was signed, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description v1, then the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint's secret (whsec_…), in base64: any Standard Webhooks library verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UsageThresholdEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds: delivered. Anything else, or no answer, is tried again later with backoff, until the delivery fails. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every attempt and from every server: a receiver that has seen it ignores it. */
                "webhook-id": string;
                /** @description When this attempt was signed, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description v1, then the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint's secret (whsec_…), in base64: any Standard Webhooks library verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds: delivered. Anything else, or no answer, is tried again later with backoff, until the delivery fails. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
