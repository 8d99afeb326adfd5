# What every C++ adapter's Makefile shares (included after it sets LIBS, the linker flags, and
# where it needs them FLAGS, more compiler flags, and SOURCES, the library's sources to build
# with it): the adapter, built from adapter.cpp and the shared ../../c/protocol.h into .build/.
CXX ?= g++
CXXFLAGS ?= -O2 -Wall -Wextra
CXXFLAGS += -std=c++17

.build/adapter: adapter.cpp ../../c/protocol.h $(SOURCES)
	mkdir -p .build
	$(CXX) $(CXXFLAGS) $(FLAGS) -o $@ adapter.cpp $(SOURCES) $(LIBS)

clean:
	rm -rf .build

.PHONY: clean
