// A small site shared by the tests of the features that read a whole navigation (links, outline, sidebar tree).
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';

/** Pages (one with front matter, one folder index), two specs, and an anchor in a `$ref` file. */
export const SITE_FILES: Record<string, unknown> = {
  'docs.json': { navigation: { anchors: [{ $ref: './anchors/changelog.json' }] } },
  'intro.mdx': '---\ntitle: Introduction\ndescription: What the product does, in one page.\n---\n\n# Hello\n',
  'guides/setup.mdx': '# No front matter\n',
  'guides/index.md': '',
  'api/users.yaml': USERS_YAML,
  'api/orders.json': ORDERS_JSON,
  'anchors/changelog.json': { anchor: 'Changelog', pages: ['changelog/2026'] },
  'changelog/2026.mdx': '---\ntitle: "2026"\n---\n',
};

/** A docs.json over SITE_FILES: anchors of pages, endpoints and nested groups (one page and one endpoint broken), a `$ref` anchor. */
export const SITE_DOCS_JSON = `{
  "navigation": {
    "anchors": [
      {
        "anchor": "Guides",
        "groups": [
          {
            "group": "Start",
            "pages": ["intro", { "group": "Setup", "expanded": true, "pages": ["guides", "guides/setup"] }, "gone"]
          }
        ]
      },
      {
        "anchor": "API",
        "openapi": "api/users.yaml",
        "pages": [
          "GET /users/{id}",
          "POST /users",
          { "group": "Orders", "openapi": "api/orders.json", "pages": ["DELETE /orders/{id}", "GET /nothing"] }
        ]
      },
      { "$ref": "./anchors/changelog.json" }
    ]
  }
}`;
