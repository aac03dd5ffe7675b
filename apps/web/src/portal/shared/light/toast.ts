// The plain toast is shared with the sign-in page (components/plain): one look, one holder element.
export { toast } from '../../../components/plain/toast';
