// The Omeda adapter against a local HTTP server on 127.0.0.1 that answers like Omeda's web services.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OmedaProvider, omedaDate } from './omeda';
import { AudienceUnavailable } from './types';

interface Seen { method: string; url: string; appId: string | undefined; inputId: string | undefined; body: unknown }
const seen: Seen[] = [];
let mode: 'ok' | '500' | 'hang' = 'ok';
let server: Server;
let base = '';

const COMP = {
  SubmissionId: 'S1',
  Customer: { Id: 5001, EncryptedCustomerId: 'ENC5001', FirstName: 'Ada', LastName: 'Lovelace', Title: 'CTO' },
  Emails: [{ Id: 1, EmailAddress: 'ada@example.com', StatusCode: 1 }],
  Addresses: [{ Company: 'Engines Ltd', CountryCode: 'GBR', PostalCode: 'N1' }],
  CustomerDemographics: [{ DemographicId: 77, ValueId: 701 }, { DemographicId: 77, ValueId: 702 }, { DemographicId: 78, ValueText: 'Widgets' }],
  Subscriptions: [
    { ProductId: 10, RequestedVersion: 'D', Status: 1, Receive: 1, IssueExpirationDate: '2030-01-31 00:00:00', Amount: 99 },
    { ProductId: 20, Status: 1, Receive: 0 },
    { ProductId: 30, Status: 2, Receive: 1 },
  ],
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => resolve(b)); });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method!, url: req.url!, appId: req.headers['x-omeda-appid'] as string | undefined, inputId: req.headers['x-omeda-inputid'] as string | undefined, body: body ? JSON.parse(body) : null });
    if (mode === 'hang') return; // never answers
    const send = (status: number, json: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(json)); };
    if (mode === '500') return send(500, { Errors: [{ Error: 'down' }] });
    if (req.headers['x-omeda-appid'] !== 'APP-1') return send(403, { Errors: [{ Error: 'bad app id' }] });
    const url = req.url!;
    if (url === '/webservices/rest/brand/MH/customer/email/ada%40example.com/*') return send(200, { SubmissionId: 'S', Customers: [{ Id: 4000 }, { Id: 5001 }] });
    if (url === '/webservices/rest/brand/MH/customer/ENC5001/encrypted/*') return send(200, { Id: 5001, EncryptedCustomerId: 'ENC5001' });
    if (url === '/webservices/rest/brand/MH/customer/5001/comp/*') return send(200, COMP);
    if (url === '/webservices/rest/brand/MH/storecustomerandorder/*' && req.method === 'POST') return send(200, { ResponseInfo: [{ TransactionId: 9 }] });
    return send(404, { Errors: [{ Error: 'not found' }] });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webservices/rest`;
});
afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));

const omeda = (o: Partial<ConstructorParameters<typeof OmedaProvider>[0]> = {}) =>
  new OmedaProvider({ brand: 'MH', appId: 'APP-1', inputId: 'IN-1', baseUrl: base, timeoutMs: 3000, ...o });

describe('Omeda adapter (real HTTP against a local Omeda look-alike)', () => {
  it('looks a customer up by e-mail: the newest matching customer, read whole from the comprehensive lookup', async () => {
    mode = 'ok'; seen.length = 0;
    const c = await omeda().customerByEmail('ada@example.com');
    expect(seen.map((s) => s.url)).toEqual(['/webservices/rest/brand/MH/customer/email/ada%40example.com/*', '/webservices/rest/brand/MH/customer/5001/comp/*']);
    expect(seen.every((s) => s.appId === 'APP-1' && s.method === 'GET')).toBe(true);
    expect(c).toMatchObject({ id: '5001', encryptedId: 'ENC5001', email: 'ada@example.com', firstName: 'Ada', company: 'Engines Ltd', title: 'CTO' });
    expect(c!.products).toEqual([
      { id: '10', version: 'D', expirationDate: Date.UTC(2030, 0, 31), amount: 99, receive: true },
      { id: '20', version: null, expirationDate: null, amount: null, receive: false },
      { id: '30', version: null, expirationDate: null, amount: null, receive: false },
    ]);
    expect(c!.demographics).toEqual([{ id: '77', valueIds: ['701', '702'], text: null }, { id: '78', valueIds: [], text: 'Widgets' }]);
  });

  it('looks a customer up by encrypted customer id', async () => {
    mode = 'ok';
    expect((await omeda().customerByEncryptedId('ENC5001'))?.id).toBe('5001');
  });

  it('answers null for an unknown customer (Omeda 404)', async () => {
    mode = 'ok';
    expect(await omeda().customerByEmail('nobody@example.com')).toBeNull();
    expect(await omeda().customerByEncryptedId('NOPE')).toBeNull();
  });

  it('opts in and out through Save Customer and Order with the input id', async () => {
    mode = 'ok'; seen.length = 0;
    await omeda().setNewsletter('ada@example.com', '20', true);
    await omeda().setNewsletter('ada@example.com', '20', false);
    expect(seen.map((s) => [s.method, s.url, s.inputId])).toEqual([
      ['POST', '/webservices/rest/brand/MH/storecustomerandorder/*', 'IN-1'], ['POST', '/webservices/rest/brand/MH/storecustomerandorder/*', 'IN-1'],
    ]);
    expect(seen[0]!.body).toEqual({ RunProcessor: 1, Emails: [{ EmailAddress: 'ada@example.com' }], Products: [{ OmedaProductId: 20, Receive: 1 }] });
    expect((seen[1]!.body as { Products: { Receive: number }[] }).Products[0]!.Receive).toBe(0);
  });

  it('is unavailable on a 5xx, a refused app id, or a timeout', async () => {
    mode = '500';
    await expect(omeda().customerByEmail('ada@example.com')).rejects.toBeInstanceOf(AudienceUnavailable);
    mode = 'ok';
    await expect(omeda({ appId: 'WRONG' }).customerByEmail('ada@example.com')).rejects.toThrow(/refused the request \(403\): bad app id/);
    mode = 'hang';
    const started = Date.now();
    await expect(omeda({ timeoutMs: 200 }).customerByEmail('ada@example.com')).rejects.toBeInstanceOf(AudienceUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
    mode = 'ok';
  });

  it('refuses a brand abbreviation that could change the path', () => {
    expect(() => omeda({ brand: '../x' })).toThrow(/brand abbreviation/);
  });

  it('reads Omeda dates as UTC', () => {
    expect(omedaDate('2027-03-01')).toBe(Date.UTC(2027, 2, 1));
    expect(omedaDate('2027-03-01 12:30:00')).toBe(Date.UTC(2027, 2, 1, 12, 30));
    expect(omedaDate('')).toBeNull();
  });
});
