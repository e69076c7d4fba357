// TOTP factors as GoTrue makes them: RFC 6238 (SHA-1, 30 s, 6 digits), a 20-byte base32 secret,
// an otpauth:// URI and its QR code as SVG text (auth-js turns it into a data URL).

import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

export interface NewTotp {
  secret: string;
  uri: string;
  qrCode: string;
}

/** A new secret for `account` (the user's email) under `issuer` (GoTrue's default: the site's host). */
export async function newTotp(issuer: string, account: string): Promise<NewTotp> {
  const totp = new TOTP({ issuer, label: account, secret: new Secret({ size: 20 }) });
  const uri = totp.toString();
  // GoTrue answers with the SVG markup itself; a light quiet zone keeps phone cameras happy.
  const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: totp.secret.base32, uri, qrCode };
}

/** Whether `code` is the secret's code for now or the step before or after (GoTrue's ±1 step of clock drift). */
export function totpCodeMatches(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return TOTP.validate({ token: code, secret: Secret.fromBase32(secret), window: 1 }) !== null;
}
