/** A page asks the shell to open the live-chat panel (the shell owns it; pages cannot import the app). */
export const OPEN_CHAT_EVENT = 'chat:open';
export const openChat = () => window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
