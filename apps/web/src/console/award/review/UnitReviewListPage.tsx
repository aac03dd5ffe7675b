import { ReviewQueuePage } from './ReviewQueuePage';

/** /award/unitReview/unitReviewList: 单位审核 of the declarations of my unit's subtree. */
export default function UnitReviewListPage() {
  return <ReviewQueuePage level="unit" />;
}
