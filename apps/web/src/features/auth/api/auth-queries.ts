/** Query keys of the auth feature, shared by hooks that read and code that invalidates them. */
export const authKeys = {
  me: ['auth', 'me'] as const,
  health: ['health'] as const,
};
