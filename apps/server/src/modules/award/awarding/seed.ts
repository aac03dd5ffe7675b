import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db';

/** The serial-number rule certificate numbers are taken from (seeded by `seedCertificateNumbering`). */
export const CERTIFICATE_NO_RULE = 'AWARD_CERTIFICATE';

/**
 * The serial-number rule of certificate numbers (ZS + year + 6 digits, restarting every year, e.g.
 * ZS2026000001), created once; the office may change it on the 流水号 page and a restart leaves their
 * change alone. Plain SQL against the rule table, as the declaration's 登记号 rule is seeded.
 */
export async function seedCertificateNumbering(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into base_serial_rule (rule_code, rule_name, prefix, date_pattern, separator, seq_length, reset_period, step, start_value, status, remark, create_by, update_by)
    select ${CERTIFICATE_NO_RULE}, '授奖证书编号', 'ZS', 'yyyy', '', 6, 'YEAR', 1, 1, 'NORMAL', '结束评奖时为每份授奖申报书取号', 'system', 'system'
    where not exists (select 1 from base_serial_rule where rule_code = ${CERTIFICATE_NO_RULE} and del_flag = 0)`);
}
