import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useComplaintDialog } from '../complaint/useComplaintDialog';
import { CatalogListView } from './CatalogListView';
import './entry-band.css';

/** /other: the `other` catalogue's articles, with the 投诉建议 entry on top. */
export default function OtherPage() {
  const complaint = useComplaintDialog();
  return (
    <>
      <CatalogListView
        code="other"
        lead={
          <div className="dl-entry-band">
            <MessageOutlined className="dl-entry-band__icon" aria-hidden />
            <div className="dl-entry-band__text">
              <strong>投诉建议</strong>
              <span>对申报、评审或平台服务有意见和建议，欢迎告诉我们。</span>
            </div>
            <Button type="primary" onClick={complaint.open}>
              我要投诉建议
            </Button>
          </div>
        }
      />
      {complaint.dialog}
    </>
  );
}
