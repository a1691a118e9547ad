export const Survey = ({ src }) => <div data-survey={src} />;
