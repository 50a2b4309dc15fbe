import { LanderReportSection } from './LanderReportSection';
import { PostbackLogSection } from './PostbackLogSection';

type Option = { value: string; label: string };

/** docs/product.md §13 Affiliates (finance, admins): the lander report by network / lander / variant / day, and the postback log. */
export default function AffiliatesPanel({ sites, networks }: { sites: Option[]; networks: string[] }) {
  return (
    <>
      <LanderReportSection sites={sites} />
      <PostbackLogSection sites={sites} networks={networks} />
    </>
  );
}
