import { ReviewQueuePage } from './ReviewQueuePage';

/** /award/nomination/nominationList: 提名审核 of what units sent to my nominating organisation. */
export default function NominationListPage() {
  return <ReviewQueuePage level="nomination" />;
}
