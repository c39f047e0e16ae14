import type { Database } from '../db/client';
import { countAuditRows, findFirstBrokenAuditLink } from './audit.repository';

/** What `npm run audit:verify` found: how many rows it checked and the first broken one. */
export type AuditVerification = {
  rows: number;
  broken: { audit_id: string; chain_position: number; problem: string } | null;
};

/** Checks the audit trail's hash chain (migration 0004 audit_verify_chain). */
export async function verifyAuditTrail(database: Database): Promise<AuditVerification> {
  const rows = await countAuditRows(database);
  const broken = await findFirstBrokenAuditLink(database);
  return {
    rows,
    broken: broken ? { ...broken, chain_position: Number(broken.chain_position) } : null,
  };
}

/** The line the command prints, and whether it is a failure. */
export function auditVerificationReport(result: AuditVerification): {
  ok: boolean;
  message: string;
} {
  if (result.broken) {
    const { chain_position, audit_id, problem } = result.broken;
    return {
      ok: false,
      message: `Audit trail BROKEN at chain position ${chain_position} (audit_id ${audit_id}): ${problem}.`,
    };
  }
  return { ok: true, message: `Audit trail intact: ${result.rows} rows checked.` };
}
