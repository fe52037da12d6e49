// The API's answers as a fetch mock gives them: a status and a JSON body.
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
