import { createServer, type Server } from 'node:http';

// A stand-in for the SMS gateway the portal is configured with in the browser tests
// (`SMS_GATEWAY_URL`, docs/auth.md "SMS gateway"): it keeps what the portal sends and
// tells a test the code sent to a mobile, as the phone in a user's hand would.

export const SMS_GATEWAY_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
export const SMS_GATEWAY_ORIGIN = `http://127.0.0.1:${SMS_GATEWAY_PORT}`;
export const SMS_GATEWAY_URL = `${SMS_GATEWAY_ORIGIN}/sms`;

export function startSmsGateway(): Promise<Server> {
  const messages: Array<{ mobile: string; content: string }> = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', SMS_GATEWAY_URL);
    if (request.method === 'GET' && url.pathname === '/messages') {
      const mobile = url.searchParams.get('mobile');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(messages.filter((m) => m.mobile === mobile)));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { mobile, content } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        mobile: string;
        content: string;
      };
      messages.push({ mobile, content });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(SMS_GATEWAY_PORT, '127.0.0.1', () => resolve(server)));
}

/** The 6-digit code of the latest message the gateway was given for `mobile`. */
export async function lastSmsCode(mobile: string): Promise<string> {
  const code = /\d{6}/.exec((await messagesTo(mobile)).at(-1) ?? '')?.[0];
  if (!code) throw new Error(`no SMS code was sent to ${mobile}`);
  return code;
}

/** The messages the gateway was given for `mobile`, oldest first. */
export async function messagesTo(mobile: string): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${SMS_GATEWAY_PORT}/messages?mobile=${mobile}`);
  return ((await response.json()) as Array<{ content: string }>).map((message) => message.content);
}
