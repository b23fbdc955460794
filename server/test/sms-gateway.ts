import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayMessage {
  mobile: string;
  templateCode: string;
  content: string;
  headers: IncomingHttpHeaders;
}

export interface FakeSmsGateway {
  url: string;
  messages: GatewayMessage[];
  /** The 6-digit code of the latest message to `mobile`. */
  lastCode(mobile: string): string;
  /** HTTP status the gateway answers from now on (200 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/** An SMS gateway on a free port that keeps what it is sent (the `SMS_GATEWAY_URL` contract, docs/auth.md). */
export async function startFakeSmsGateway(): Promise<FakeSmsGateway> {
  const messages: GatewayMessage[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<GatewayMessage, 'headers'>;
      messages.push({ ...body, headers: request.headers });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    messages,
    lastCode(mobile) {
      const message = messages.filter((candidate) => candidate.mobile === mobile).at(-1);
      const code = message && /\d{6}/.exec(message.content)?.[0];
      if (!code) throw new Error(`no code was sent to ${mobile}`);
      return code;
    },
    answerWith(next) {
      status = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
