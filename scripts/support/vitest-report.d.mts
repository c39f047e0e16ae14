type VitestJsonReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
export declare function vitestFailures(report: VitestJsonReport, root?: string): string[];
export declare function vitestLogFailures(logFile: string): string[];
