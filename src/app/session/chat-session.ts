import { HTTP_TIMEOUT } from '@/shared/constants';

/** The live-chat message's keys (spec section 3) the browser keeps to disconnect the chat. */
export interface ChatKeys {
  chatId: string;
  alias: string;
  secureKey: string;
  userId: string;
  /** {chat-service} of spec section 7. */
  chatServiceUrl: string;
}

/** sessionStorage key of the chat's keys (spec section 3 "keys for chat (MLC, ULC, lc)"). */
export const MLC = 'MLC';

function store(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveChatKeys(keys: ChatKeys): void {
  store()?.setItem(MLC, JSON.stringify(keys));
}

export function chatKeys(): ChatKeys | null {
  try {
    const k = JSON.parse(store()?.getItem(MLC) ?? 'null') as Partial<ChatKeys> | null;
    return k && k.chatId && k.chatServiceUrl && k.secureKey && k.userId !== undefined && k.alias !== undefined
      ? (k as ChatKeys)
      : null;
  } catch {
    return null;
  }
}

/**
 * Spec section 7: {chat-service}/{chatId}/disconnect, form-encoded alias, secureKey and userId,
 * given up after 10 s. Never fails: logging out must go on whatever the chat service says.
 */
export async function disconnectChat(): Promise<void> {
  const keys = chatKeys();
  store()?.removeItem(MLC);
  if (!keys) return;
  try {
    await fetch(`${keys.chatServiceUrl}/${encodeURIComponent(keys.chatId)}/disconnect`, {
      method: 'POST',
      body: new URLSearchParams({ alias: keys.alias, secureKey: keys.secureKey, userId: keys.userId }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT.chatDisconnectMs),
      credentials: 'omit',
    });
  } catch {
    // time-out or the service away: the chat ends on its side when it notices
  }
}
