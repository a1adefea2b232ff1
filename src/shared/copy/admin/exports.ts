/** Norwegian text shared by the admin's CSV downloads: the choice of dialect (#shared/csv). */
export const adminExports = {
  formatLabel: 'Filformat',
  formats: {
    excel: 'Excel (norsk: semikolon, UTF-8)',
    rfc4180: 'Standard CSV (komma, RFC 4180)',
  },
  formatInvalid: 'Ukjent filformat (excel eller rfc4180)',
} as const;
