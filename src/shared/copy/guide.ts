/** Norwegian UI text. Product texts are letter for letter from the spec. */
export const guide = {
  loading: 'Laster guide...',
  logout: 'Logg ut',
} as const;
