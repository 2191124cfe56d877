// The demo personas a test logs in as (README "Demo personas"; the seed: src/server/core-bank/seed-data).

export interface Persona {
  userId: string;
  password: string;
  secureWord: string;
}

export const PERSONAS = {
  budi: { userId: 'budisantoso', password: 'Budi@2026', secureWord: 'sunflower' },
  sari: { userId: 'saridewi', password: 'Sari@2026', secureWord: 'mangosteen' },
  andi: { userId: 'andiwijaya', password: 'Andi@2026', secureWord: 'volcano' },
  rina: { userId: 'rinanodefault', password: 'Rina@2026', secureWord: 'lighthouse' },
  dewi: { userId: 'dewifds', password: 'Dewi@2026', secureWord: 'waterfall' },
  bayu: { userId: 'bayubds', password: 'Bayu@2026', secureWord: 'rainforest' },
} as const satisfies Record<string, Persona>;

export type PersonaName = keyof typeof PERSONAS;

/** Budi's phones; the OTP goes to the one chosen on verify. */
export const BUDI_PHONES = ['+6281234567890', '+6285712345678'] as const;
