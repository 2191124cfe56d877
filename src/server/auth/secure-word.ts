import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { hmacSha256 } from './tokens';

// Lowercase letters-only words of 6-12 letters, the shape customers choose (spec section 5).
const DECOY_WORDS = `
sunrise harbour meadow orchard lantern pebble willow thunder blossom canyon
glacier horizon island jasmine kettle lagoon marble nectar oyster paddle
quartz riverbank saffron tangerine umbrella velvet walnut zephyr almond bamboo
cactus dolphin emerald falcon garden hazelnut iceberg jungle kingfisher lemonade
mango nutmeg olive papaya quiver rainbow seashell tamarind uplands valley
whisper yellowtail anchor breeze cinnamon daylight evergreen firefly galaxy
hibiscus indigo journey kayak lotus monsoon nightfall ocelot peacock quarry
ripple sandbar teapot tortoise vanilla waterlily acorn butterfly coconut durian
eclipse feather gingerbread harvest ivory jellyfish koala lighthouse mistletoe
northwind opal pinecone raindrop snowflake thistle tulip violet wildflower
apricot bluebird cranberry driftwood elderberry fountain grapefruit hummingbird
inkwell juniper kumquat lavender moonlight nightingale orchid pineapple robin
starfish sparrow sunbeam trellis treetop waterfall windmill cherry clover comet
coral cricket crystal cypress dandelion dragonfly ember fern fireplace flamingo
gardenia gecko ginger granite hammock heron holly honeybee jade kite lilac
magnolia maple marigold meteor mosaic nebula oasis otter parrot pelican pepper
poppy prairie puffin rosemary ruby sapphire savanna sequoia silver spruce
stream summit sundial swallow teak tiger topaz toucan tundra turquoise
volcano walrus wheatfield wisteria woodland zebra cobblestone candle compass
`
  .split(/\s+/)
  .filter((w) => w.length >= 6 && w.length <= 12);

const secrets = new WeakMap<object, Promise<string>>();

/** The HMAC key of the decoy, created once per database and kept there so the decoy never changes. */
export function decoySecret(db: Queryable): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db.query(
        `INSERT INTO auth_secrets (name, value) VALUES ('secure_word_decoy', $1) ON CONFLICT (name) DO NOTHING`,
        [randomBytes(32).toString('hex')],
      );
      const { rows } = await db.query<{ value: string }>(
        `SELECT value FROM auth_secrets WHERE name = 'secure_word_decoy'`,
      );
      return rows[0]!.value;
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** The same word for the same unknown id every time, without a lookup that could differ in time. */
export function decoySecureWord(secret: string, userId: string): string {
  const mac = hmacSha256(secret, userId.trim().toLowerCase());
  return DECOY_WORDS[mac.readUInt32BE(0) % DECOY_WORDS.length]!;
}

export const decoyWordCount = () => DECOY_WORDS.length;
