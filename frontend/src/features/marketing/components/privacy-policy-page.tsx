import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PageHeader } from '../../../components/layout/page-header.js';
import { privacyPolicyDates, privacyPolicySections } from '../content/privacy-policy.js';
import { PageWidth } from '../../../components/layout/page-width.js';

export function PrivacyPolicyPage({ companyName }: { companyName: string }) {
  const sections = privacyPolicySections(companyName);
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        summary={
          <>
            Effective date: {privacyPolicyDates.effective}
            <br />
            Last updated: {privacyPolicyDates.lastUpdated}
          </>
        }
      />
      <PageWidth sx={{ py: { xs: 6, md: 8 } }}>
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 800 }}>
          {sections.map((section, index) => (
            <Box component="li" key={section.title} sx={{ mb: 5 }}>
              <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {index + 1}. {section.title}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ color: 'text.secondary', mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
              {section.points && (
                <Box component="ul" sx={{ color: 'text.secondary', pl: 3, m: 0 }}>
                  {section.points.map((point) => (
                    <Typography component="li" key={point} sx={{ mb: 0.5 }}>
                      {point}
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      </PageWidth>
    </>
  );
}
