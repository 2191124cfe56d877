import { beforeEach, describe, expect, it } from 'vitest';
import { clearArrivalNotice, parseLogoutMessage, peekArrivalNotice } from '@/features/auth/flash-notice';
import { flash, LOGOUT_MESSAGE, SESSION_EXPIRED } from '@/shared/api/session-store';

beforeEach(() => sessionStorage.clear());

describe('what the login page shows on arrival', () => {
  it('reads the server logout message stored as {eng, idn}, as logoutresponse, or as plain text', () => {
    expect(parseLogoutMessage('{"eng":"Bye","idn":"Sampai jumpa"}')).toEqual({
      kind: 'logout',
      eng: 'Bye',
      idn: 'Sampai jumpa',
    });
    expect(parseLogoutMessage('{"logoutresponse":{"eng":"Bye","idn":"Dah"}}')).toEqual({
      kind: 'logout',
      eng: 'Bye',
      idn: 'Dah',
    });
    expect(parseLogoutMessage('{"eng":"Only English"}')).toEqual({
      kind: 'logout',
      eng: 'Only English',
      idn: 'Only English',
    });
    expect(parseLogoutMessage('Logged out')).toEqual({
      kind: 'logout',
      eng: 'Logged out',
      idn: 'Logged out',
    });
    expect(parseLogoutMessage('"quoted"')).toEqual({ kind: 'logout', eng: 'quoted', idn: 'quoted' });
  });

  it('prefers the logout message, else the time-out flag, and clears both once shown', () => {
    expect(peekArrivalNotice()).toBeNull();
    flash.set(SESSION_EXPIRED, '1');
    expect(peekArrivalNotice()).toEqual({ kind: 'expired' });
    flash.set(LOGOUT_MESSAGE, '{"eng":"Bye","idn":"Dah"}');
    expect(peekArrivalNotice()).toMatchObject({ kind: 'logout' });
    // peeking does not consume (React may render twice); clearing does
    expect(peekArrivalNotice()).toMatchObject({ kind: 'logout' });
    clearArrivalNotice();
    expect(peekArrivalNotice()).toBeNull();
  });
});
