/** Keys, organizations and pages the local service knows unless told otherwise. */

export interface Organization {
  id: string;
  adminKeys: string[];
  assistantKeys: string[];
  projects: string[];
  /** Documentation site domains, for assistant messages and search. */
  domains: string[];
}

export interface SearchPage {
  /** URL path of the page: `/guides/authentication` is `guides/authentication.mdx` in the docs repository. */
  path: string;
  title: string;
  content: string;
}

export const SERVICE_KEYS = {
  admin: 'svc_acme_admin_7Hq2mZx9Lp4Kw8Rt',
  assistant: 'svc_dsc_acme_assist_3Nf6Vb1Yc5Jd0Gs',
  otherAdmin: 'svc_other_admin_9Tr4Ue2Wq8Zp1Xm',
  otherAssistant: 'svc_dsc_other_assist_6Kl3Hj7Mn2Bv5Cx',
  // The platform's naming (platform-api.md): acme holds keys of both.
  mintAdmin: 'mint_acme_admin_4Wc8Np2Rv6Ty1Hz',
  mintAssistant: 'mint_dsc_acme_assist_8Jm5Qs3Xe9Uk2Fd',
  /** An index key: for the platform's search-index API, taken by no endpoint here. */
  mintIndex: 'mint_us_acme_index_5Gt7Lb1Kw3Pn9Sd',
} as const;

export const DEFAULT_ORGANIZATIONS: Organization[] = [
  {
    id: 'acme',
    adminKeys: [SERVICE_KEYS.admin, SERVICE_KEYS.mintAdmin],
    assistantKeys: [SERVICE_KEYS.assistant, SERVICE_KEYS.mintAssistant],
    projects: ['acme-docs', 'acme-broken'],
    domains: ['docs.acme.test'],
  },
  {
    id: 'other',
    adminKeys: [SERVICE_KEYS.otherAdmin],
    assistantKeys: [SERVICE_KEYS.otherAssistant],
    projects: ['other-docs'],
    domains: ['docs.other.test'],
  },
];

/** Projects whose updates end in `failure` by default. */
export const DEFAULT_FAILING_PROJECTS = ['acme-broken'];

/** The pages of examples/valid. */
export const DEFAULT_PAGES: SearchPage[] = [
  { path: '/introduction', title: 'Introduction', content: 'What Acme is and what it does. Welcome to Acme.' },
  { path: '/quickstart', title: 'Quickstart', content: 'Send your first request in five minutes. Install the CLI, then run acme init.' },
  { path: '/guides/authentication', title: 'Authentication', content: 'How to authenticate requests with API keys. Every request carries a bearer key.' },
  { path: '/guides/deploy/preview', title: 'Preview deployments', content: 'Deploy a branch to a preview URL. Push a branch to get a preview.' },
  { path: '/guides/deploy/production', title: 'Production deployments', content: 'Ship to production. Merge to main to deploy.' },
  { path: '/api-reference/overview', title: 'API overview', content: 'Base URL, authentication and errors. All endpoints live under /v1.' },
  { path: '/fr/introduction', title: 'Introduction', content: 'Ce que fait Acme. Bienvenue.' },
  { path: '/fr/quickstart', title: 'Démarrage rapide', content: 'Votre première requête. Installez la CLI.' },
];
