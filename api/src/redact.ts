// A URL, or a line that holds URLs (a driver's error), as the logs and error lines may show it: never the credentials
// a URL carries, in its user info (//user:password@) or in a query parameter (libSQL's ?authToken=…).
const USER_INFO = /\/\/[^@/\s"']*@/g;
const SECRET_PARAM = /([?&][^=&\s"']*(?:token|password|secret|key|auth)[^=&\s"']*=)[^&#\s"']*/gi;

export const redact = (text: string) => text.replace(USER_INFO, "//").replace(SECRET_PARAM, "$1…");
