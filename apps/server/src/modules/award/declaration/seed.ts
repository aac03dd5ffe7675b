import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db';
import { REGISTRATION_NO_RULE } from './context';

/**
 * The serial-number rule 登记号 are taken from (DJ + year + 6 digits, restarting every year), created
 * once: the office may change it on the 流水号 page, and a restart leaves their change alone. Plain
 * SQL against the rule table, the way the serial page itself would store it, so this feature does not
 * reach into the serial module's tables.
 */
export async function seedDeclarationNumbering(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into base_serial_rule (rule_code, rule_name, prefix, date_pattern, separator, seq_length, reset_period, step, start_value, status, remark, create_by, update_by)
    select ${REGISTRATION_NO_RULE}, '申报书登记号', 'DJ', 'yyyy', '', 6, 'YEAR', 1, 1, 'NORMAL', '申报书首次提交时取号', 'system', 'system'
    where not exists (select 1 from base_serial_rule where rule_code = ${REGISTRATION_NO_RULE} and del_flag = 0)`);
}
