import { ReviewQueuePage } from './ReviewQueuePage';

/** /award/formalReview/formalReviewList: the prize office's 形式审查. */
export default function FormalReviewListPage() {
  return <ReviewQueuePage level="formal" />;
}
