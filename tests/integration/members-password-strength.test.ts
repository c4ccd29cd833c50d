// Members (issue 15, "Passwords and logins"): a new password is refused when it is easy to guess
// (registration, reset link, password change), with the reason, naming the field and writing
// nothing; at least 8 characters and up to 64 or more are accepted. The login limit counts per
// account, whichever of its names is typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, memberCounts, MEMBER_PASSWORD, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
beforeAll(async () => { h = await startMembers(); });
afterAll(async () => { await h.close(); });

const STRONG_64 = 'violet tugboats hum beneath forty crooked lighthouses at noon!!!';
const login = (username: string, password: string) => h.op('loginSiteUser', { username, password });

async function linkId(before: number): Promise<string> {
  return linkIn((await h.waitForMails(before + 1))[before]!).id;
}

describe('member password strength', () => {
  it('refuses a common password at registration with the reason, then accepts a strong 8-character one', async () => {
    const before = h.mails.length;
    await h.op('requestRegisterSiteUser', { email: 'reg@example.com', countryCode: 'USA', region: 'IL', consent: { GDPR: { compliance: true } } });
    const id = await linkId(before);
    const counts = await memberCounts(h);
    const weak = await h.op('registerSiteUser', { id, password: 'password', firstName: 'Reg', lastName: 'Ister' });
    expect(weak.status).toBe(400);
    expect(weak.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect(weak.error!.message).toMatch(/^password: Too easy to guess: .*(common|top)/i);
    expect(await memberCounts(h)).toEqual(counts);
    const ok = await h.op('registerSiteUser', { id, password: 'Gx7!qLm2', firstName: 'Reg', lastName: 'Ister' });
    expect(ok.status).toBe(200);
    expect(ok.data.registerSiteUser.userInfo.username).toBe('reg@example.com');
  });

  it('refuses a weak password on a reset link (the link stays usable) and accepts 64 characters', async () => {
    await h.member('rita@example.com');
    const before = h.mails.length;
    await h.op('requestSiteUserPasswordReset', { username: 'rita@example.com' });
    const id = await linkId(before);
    for (const p of ['12345678', 'qwertyuiop', 'iloveyou123']) {
      const r = await h.op('resetSiteUserPassword', { id, password: p });
      expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
      expect(r.error!.message).toMatch(/^password: Too easy to guess/);
    }
    expect((await login('rita@example.com', MEMBER_PASSWORD)).status).toBe(200);
    expect(STRONG_64).toHaveLength(64);
    expect((await h.op('resetSiteUserPassword', { id, password: STRONG_64 })).data.resetSiteUserPassword.ok).toBe(true);
    expect((await login('rita@example.com', STRONG_64)).status).toBe(200);
  });

  it('refuses a weak new password at a profile password change, naming newPassword', async () => {
    await h.member('paul@example.com');
    const token = await h.login('paul@example.com');
    const r = await h.op('updateSiteUserPassword', { password: MEMBER_PASSWORD, newPassword: 'abc12345' }, { member: token });
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });
    expect(r.error!.message).toMatch(/^newPassword: Too easy to guess/);
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.username).toBe('paul@example.com');
  });
});

describe('member login limit per account', () => {
  it('counts the username and the e-mail address of one member together; an unknown name has its own counter', async () => {
    const limited = await startMembers({ members: { limits: { loginPerUsername: { max: 4, windowMs: 60_000 } } } });
    try {
      const id = await limited.member('sam@example.com');
      await limited.store.run("update site_users set username = 'sam.reader' where id = ?", [id]);
      const loginTo = (u: string, p: string) => limited.op('loginSiteUser', { username: u, password: p });
      const names = ['sam.reader', 'sam@example.com', 'SAM.Reader', 'Sam@Example.com'];
      for (const [i, name] of names.entries()) {
        expect((await loginTo(name, `wrong-${i}`)).status).toBe(401);
        expect((await loginTo(`nobody-${i % 2}@example.com`, `wrong-${i}`)).status).toBe(401);
      }
      const known = await loginTo('sam@example.com', MEMBER_PASSWORD);
      expect(known.status).toBe(429);
      expect(known.error!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
      // Two unknown names, two attempts each: neither has reached the limit of four.
      expect((await loginTo('nobody-0@example.com', 'again')).status).toBe(401);
      limited.clock.now += 60_001;
      expect((await loginTo('sam.reader', MEMBER_PASSWORD)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
