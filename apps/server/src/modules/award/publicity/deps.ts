import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import type { WorkingDayCalendar } from '../../base/calendar/module';
import type { LastStretch } from '../declaration/module';

export interface PublicityDeps {
  db: Db;
  /** The declaration's side: candidates, their public fields and the RESULT_PUBLICITY_START move. */
  declarations: LastStretch;
  /** Windows in working days are counted with the holiday calendar. */
  workingDays: WorkingDayCalendar;
  /** The portal's publicity cache is emptied on every instance through the bus. */
  bus: EventBus;
  /** The clock (the scheduler's job is tested with another one). */
  now?: () => Date;
}
