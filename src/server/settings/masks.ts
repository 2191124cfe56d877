// A customer's phone and e-mail shown masked.

/** '+6281234567890' -> '+62812****7890': enough to recognise, not to use. */
export const maskPhone = (p: string) => (p.length > 8 ? `${p.slice(0, 6)}****${p.slice(-4)}` : p);
/** 'budi.santoso@example.co.id' -> 'bu********@example.co.id'. */
export const maskEmail = (e: string) => {
  const [user = '', domain = ''] = e.split('@');
  return `${user.slice(0, 2)}${'*'.repeat(Math.max(1, user.length - 2))}@${domain}`;
};
