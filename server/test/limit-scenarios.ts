import { randomInt } from 'node:crypto';
import { completeApplication, newCreditCode } from './register-fixtures';

/**
 * The "at most N per key per window" limits hit by simultaneous requests (DESIGN "One atomic
 * limit"; docs/architecture.md "Limits"): each scenario fires its requests at once, spread over
 * the servers given (one in-process server, or two server processes on one PostgreSQL
 * database), and tallies the answers. Nothing here measures time: the expected counts are what
 * the limits allow, whatever order the requests arrive in.
 *
 * The servers must believe `X-Forwarded-For` from 127.0.0.1 (`TRUST_PROXY`), so that each
 * scenario has addresses of its own and one limit never eats into another's.
 */

export interface Tally {
  accepted: number;
  refused: number;
  /** Answers that are neither (should be none): `<rtnCode> <rtnMessage>`. */
  other: string[];
}

type Answer = { rtnCode: string; rtnMessage: string };

/** Counts `0000` (and the codes in `alsoAccepted`) as accepted, `429` as refused. */
function tally(answers: Answer[], alsoAccepted: string[] = []): Tally {
  const result: Tally = { accepted: 0, refused: 0, other: [] };
  for (const answer of answers) {
    if (answer.rtnCode === '0000' || alsoAccepted.includes(answer.rtnCode)) result.accepted += 1;
    else if (answer.rtnCode === '429') result.refused += 1;
    else result.other.push(`${answer.rtnCode} ${answer.rtnMessage}`);
  }
  return result;
}

let addresses = 0;
/** A visitor address no other scenario of this process uses. */
export function freshAddress(): string {
  addresses += 1;
  return `10.${77 + (process.pid % 100)}.${addresses >> 8}.${addresses & 255}`;
}

const usedMobiles = new Set<string>();
/** A mobile number no other scenario of this process uses. */
export function freshMobile(): string {
  for (;;) {
    const mobile = `139${String(randomInt(1e8)).padStart(8, '0')}`;
    if (!usedMobiles.has(mobile)) {
      usedMobiles.add(mobile);
      return mobile;
    }
  }
}

/** Request `index` goes to `bases[index % bases.length]`. */
const baseOf = (bases: readonly string[], index: number) => bases[index % bases.length];

async function postJson(base: string, path: string, body: unknown, address: string): Promise<Answer> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function upload(
  base: string,
  address: string,
  token?: string,
): Promise<Answer & { dataSet?: { uploadToken: string } }> {
  const form = new FormData();
  form.append('field', 'copyBusinessLicenseFile');
  form.append('file', new Blob([PNG]), 'licence.png');
  const response = await fetch(`${base}/webUpload`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': address, ...(token ? { 'x-upload-token': token } : {}) },
  });
  return (await response.json()) as Answer & { dataSet?: { uploadToken: string } };
}

const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

/** `count` uploads at once on one upload token (after the one that issued it): answers for those `count`. */
export async function uploadsOnOneToken(bases: readonly string[], count: number): Promise<Tally> {
  const address = freshAddress();
  const first = await upload(bases[0], address);
  if (first.rtnCode !== '0000' || !first.dataSet) throw new Error(`first upload: ${first.rtnCode} ${first.rtnMessage}`);
  const token = first.dataSet.uploadToken;
  return tally(await times(count, (index) => upload(baseOf(bases, index), address, token)));
}

/** `count` anonymous uploads at once from one address, each without a token (so each starts one). */
export async function uploadsFromOneAddress(bases: readonly string[], count: number, address: string): Promise<Tally> {
  return tally(await times(count, (index) => upload(baseOf(bases, index), address)));
}

const COMPLAINT = {
  name: '王建国',
  phone: '13912345678',
  email: 'wang@example.com',
  complaintType: 'SUGGESTION',
  content: '建议在仓库查询页面增加按城市筛选的功能。',
};

/** `count` complaints at once from one address. */
export async function complaintsFromOneAddress(bases: readonly string[], count: number): Promise<Tally> {
  const address = freshAddress();
  return tally(
    await times(count, (index) => postJson(baseOf(bases, index), '/rest/complain/addComplain', COMPLAINT, address)),
  );
}

/**
 * `count` SMS codes asked for at once from one address, each for another mobile, after
 * `earlier` asked for one after another (so that the simultaneous ones cross the limit: the
 * first twenty at once would fit however they were counted).
 */
export async function smsFromOneAddress(bases: readonly string[], count: number, earlier: number): Promise<Tally> {
  const address = freshAddress();
  for (let index = 0; index < earlier; index += 1) {
    const answer = await postJson(bases[index % bases.length], '/account/sms', { mobile: freshMobile() }, address);
    if (answer.rtnCode !== '0000') throw new Error(`earlier SMS ${index}: ${answer.rtnCode} ${answer.rtnMessage}`);
  }
  return tally(
    await times(count, (index) => postJson(baseOf(bases, index), '/account/sms', { mobile: freshMobile() }, address)),
  );
}

/** `count` SMS codes asked for at once for one mobile, each from another address. */
export async function smsForOneMobile(bases: readonly string[], count: number): Promise<Tally> {
  const mobile = freshMobile();
  return tally(
    await times(count, (index) => postJson(baseOf(bases, index), '/account/sms', { mobile }, freshAddress())),
  );
}

/**
 * `count` of the registration's anonymous name and credit-code checks at once from one
 * address (half each). A name or code in use is a `504` — answered, so accepted here.
 */
export async function registerChecksFromOneAddress(bases: readonly string[], count: number): Promise<Tally> {
  const address = freshAddress();
  return tally(
    await times(count, (index) =>
      index % 2 === 0
        ? postJson(
            baseOf(bases, index),
            '/rest/traderregister/checkTraderName',
            { traderName: `查重测试公司${index}` },
            address,
          )
        : postJson(
            baseOf(bases, index),
            '/rest/traderregister/judgeExistEnterpriseInfo/1',
            { uniformCreditCode: newCreditCode() },
            address,
          ),
    ),
    ['504'],
  );
}

/**
 * `count` complete applications at once from one address, four files each (two of the
 * business licence, the certificate, the fee voucher), without the signature section.
 */
export async function submissionsFromOneAddress(bases: readonly string[], count: number): Promise<Tally> {
  const address = freshAddress();
  const types = await postJson(bases[0], '/rest/accountType/getRegisterAccountType', {}, address);
  const typeId = (types as unknown as { dataSet: { registerAccountTypeList: Array<{ id: string }> } }).dataSet
    .registerAccountTypeList[0].id;
  return tally(
    await times(count, async (index) => {
      const { vo } = completeApplication(typeId, { usbkeyInfo: { isNeedUsbkey: '0' } });
      const form = new FormData();
      form.append('registerApplyVo', JSON.stringify(vo));
      form.append('copyBusinessLicenseFile', new Blob([PNG]), 'a.png');
      form.append('copyBusinessLicenseFile', new Blob([PNG]), 'b.png');
      form.append('lrCertificateFile', new Blob([PNG]), 'c.png');
      form.append('feeFile', new Blob([PDF]), 'd.pdf');
      const response = await fetch(`${baseOf(bases, index)}/rest/traderregister/addRegisterApply`, {
        method: 'POST',
        body: form,
        headers: { 'x-forwarded-for': address },
      });
      return (await response.json()) as Answer;
    }),
  );
}

/** The files each application of {@link submissionsFromOneAddress} submits. */
export const FILES_PER_SUBMISSION = 4;
