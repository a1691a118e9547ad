/** A small OpenAPI 3.0 spec in YAML whose one response (`GET /users` 200) is written as `response` (line 11). */
export function usersSpec(response: string): string {
  return `openapi: 3.0.3
info:
  title: Acme API
  version: "1.0"
paths:
  /users:
    get:
      summary: List users
      responses:
        "200":
          ${response}
`;
}
