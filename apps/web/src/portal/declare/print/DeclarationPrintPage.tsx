export default function DeclarationPrintPage() { return null; }
