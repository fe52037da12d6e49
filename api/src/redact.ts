// A URL as the logs and error lines may show it: never the credentials it carries.
export const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//");
