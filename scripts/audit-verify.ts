// `npm run audit:verify`: checks the audit trail's hash chain and reports the first broken row.
import { auditVerificationReport, verifyAuditTrail } from '../src/server/audit/audit-verify';
import { prepareDatabase } from '../src/server/db/prepare';
import { cliConfig, cliFail } from './cli';

const config = cliConfig();
try {
  const prepared = await prepareDatabase({ ...config, demo: false });
  const report = auditVerificationReport(await verifyAuditTrail(prepared.database));
  await prepared.release();
  if (!report.ok) {
    console.error(report.message);
    process.exit(1);
  }
  console.log(report.message);
} catch (error) {
  cliFail(error);
}
