// One executable for the app-layer tests (fewer link steps on small build machines).
#include <QGuiApplication>

int runModelsTest(int argc, char** argv);
int runStoreTest(int argc, char** argv);
int runLibraryTest(int argc, char** argv);
int runBranchesTest(int argc, char** argv);
int runChatSessionTest(int argc, char** argv);
int runCancelRegistryTest(int argc, char** argv);
int runBackgroundEncoderTest(int argc, char** argv);
int runUserDataTest(int argc, char** argv);
int runCompareTest(int argc, char** argv);
int runCompareSessionTest(int argc, char** argv);
int runSweepSessionTest(int argc, char** argv);

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    int failures = 0;
    failures += runModelsTest(argc, argv);
    failures += runStoreTest(argc, argv);
    failures += runLibraryTest(argc, argv);
    failures += runBranchesTest(argc, argv);
    failures += runChatSessionTest(argc, argv);
    failures += runCancelRegistryTest(argc, argv);
    failures += runBackgroundEncoderTest(argc, argv);
    failures += runUserDataTest(argc, argv);
    failures += runCompareTest(argc, argv);
    failures += runCompareSessionTest(argc, argv);
    failures += runSweepSessionTest(argc, argv);
    return failures;
}
